-- Events search type "fuzzy" (000 §9): trigram matching of event names and performer names, with the trigram
-- indexes the list's `%`, `<%` and ILIKE use. pg_trgm is a trusted extension (PostgreSQL 13+): the database owner
-- may create it; PGlite loads it from its contrib bundle (server/db/pgliteDb.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX IF NOT EXISTS event_translations_name_trgm ON event_translations USING gin (name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS event_translations_performer_trgm ON event_translations USING gin (performer_name gin_trgm_ops);
