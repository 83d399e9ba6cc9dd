-- Events lifecycle (issue 5): image keys, publish options, scanner connections, list indexes.

-- Event images are shown by <img>, which cannot send a bearer token or the platform header: each medium gets an
-- unguessable key and is served publicly at /api/media/{id}/{key} (docs/events.md).
ALTER TABLE media ADD COLUMN public_key text NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text);

ALTER TABLE events
  ADD COLUMN publish_facebook_promoter boolean NOT NULL DEFAULT false,
  ADD COLUMN publish_facebook_default boolean NOT NULL DEFAULT false,
  ADD COLUMN published_at timestamptz;

-- Scanner-app users connected to the events they scan (000 §4: after publishing, the promoter's scanners).
CREATE TABLE event_scanners (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, event_id)
);
CREATE INDEX event_scanners_event ON event_scanners (event_id);

CREATE INDEX events_entity_type ON events (entity_type, promoter_id);
