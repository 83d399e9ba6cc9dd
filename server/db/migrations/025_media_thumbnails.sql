-- An event image may come with a small copy for the lists (60x40 on screen, 000 §9): the browser makes it at upload,
-- so the events list does not download every original (up to 100 MB each). The copy belongs to its image and goes
-- with it.
ALTER TABLE media ADD COLUMN thumbnail_of bigint REFERENCES media (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX media_thumbnail_of ON media (thumbnail_of) WHERE thumbnail_of IS NOT NULL;
