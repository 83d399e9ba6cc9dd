-- Seat-state changes (what open maps poll, seatStates.ts): one row per change, with its places as two parallel
-- arrays, instead of one row per seat. A group of 50 reserves wrote 50 rows and ran 150 foreign-key checks on the
-- map's tables, about a sixth of the group's time (bench/reserve/groupCost.ts); now it writes one row and checks one
-- key. The rows are a log of what changed for open maps, not a seat rule: the seats themselves are order items, whose
-- keys stay checked. An event's version is bumped once per transaction, so (event, version) is the key.
CREATE TABLE seat_state_change_sets (
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  version bigint NOT NULL,
  section_ids bigint[] NOT NULL,
  -- NULL at a place of section_ids: that standing (general-admission) section's count changed.
  seat_ids bigint[] NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, version),
  CONSTRAINT seat_state_change_sets_parallel CHECK (cardinality(section_ids) = cardinality(seat_ids))
);
INSERT INTO seat_state_change_sets (event_id, version, section_ids, seat_ids, changed_at)
SELECT event_id, version, array_agg(section_id ORDER BY section_id, seat_id), array_agg(seat_id ORDER BY section_id, seat_id), max(changed_at)
  FROM seat_state_changes GROUP BY event_id, version;
DROP TABLE seat_state_changes;
ALTER TABLE seat_state_change_sets RENAME TO seat_state_changes;
