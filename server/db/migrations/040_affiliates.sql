-- Affiliates (002 §2, §3): a promoter's sales partners, each with a short name used in event links and its branding.
-- The logo lives in media like event images (several API processes share the database, nothing on local disk).
CREATE TABLE affiliates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promoter_id bigint NOT NULL REFERENCES promoters (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  -- Part of public links: letters, digits and dashes, unique on the platform regardless of case.
  link_short_name text NOT NULL CHECK (link_short_name ~ '^[A-Za-z0-9][A-Za-z0-9-]{0,49}$'),
  primary_color text NOT NULL DEFAULT '#C00000' CHECK (primary_color ~ '^#[0-9A-Fa-f]{6}$'),
  logo_medium_id bigint REFERENCES media (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX affiliates_link_short_name ON affiliates (lower(link_short_name));
CREATE INDEX affiliates_promoter ON affiliates (promoter_id, name);
