-- People (002 §2 Blacklist, §3 "Blacklist entry"): a person a promoter refuses until the entry expires.
-- One entry per promoter and person: adding the same person again is an edit of the expiry date.
-- The entry is in force through its expire_date (inclusive, Stockholm calendar day); expired entries stay as history
-- until removed.
CREATE TABLE blacklist_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promoter_id bigint NOT NULL REFERENCES promoters (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expire_date date NOT NULL,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT blacklist_once_per_promoter UNIQUE (promoter_id, user_id)
);
CREATE INDEX blacklist_entries_user ON blacklist_entries (user_id);

-- The users list searches phone numbers by their digits (002 §5 normalisation) and names and emails by text.
CREATE INDEX users_phone_digits ON users ((regexp_replace(coalesce(phone, ''), '\D', '', 'g')) text_pattern_ops);
