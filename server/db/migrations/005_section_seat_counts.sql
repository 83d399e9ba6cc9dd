-- Seats per section, fixed at import: the map's section stats need it on every load, without counting 100k rows.
ALTER TABLE map_sections ADD COLUMN seat_count integer NOT NULL DEFAULT 0;
UPDATE map_sections s SET seat_count = c.n FROM (SELECT section_id, count(*)::int AS n FROM map_seats GROUP BY section_id) c WHERE c.section_id = s.id;
