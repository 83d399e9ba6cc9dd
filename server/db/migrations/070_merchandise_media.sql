-- Merchandise images (001 §3 "Merchandise": media; §5: images, at most 3 for a gift card). The bytes live in the
-- media table like event images (several API processes share the database, nothing on local disk); this table says
-- which item shows which image, in which order. An image belongs to one item and goes with it.
CREATE TABLE merchandise_media (
  merchandise_id bigint NOT NULL REFERENCES merchandises (id) ON DELETE CASCADE,
  media_id bigint NOT NULL UNIQUE REFERENCES media (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchandise_id, media_id)
);
-- Gift cards are listed without an event (event_id IS NULL), per promoter.
CREATE INDEX merchandises_promoter_no_event ON merchandises (promoter_id, created_at) WHERE event_id IS NULL;
