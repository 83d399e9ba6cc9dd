-- People and sign-in: promoters, users of every type, password recovery, login throttling.
CREATE TABLE promoters (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  organization_number text,
  address text,
  city text,
  postcode text,
  country text,
  phone text,
  email text,
  can_download_emails boolean NOT NULL DEFAULT false,
  can_apply_own_branding boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('admin', 'promoter', 'corporate', 'boxoffice', 'scanner', 'attendee')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'unregistered', 'deleted')),
  email text,
  name text NOT NULL DEFAULT '',
  first_name text,
  last_name text,
  phone text,
  country text,
  gender text CHECK (gender IN ('female', 'male')),
  birth_date date,
  register_type text CHECK (register_type IN ('bankid', 'document')),
  promoter_id bigint REFERENCES promoters (id),
  password_hash text,
  -- Bumped on password change and deactivation: tokens issued before are refused.
  token_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT staff_of_promoter CHECK (type NOT IN ('promoter', 'corporate', 'boxoffice', 'scanner') OR promoter_id IS NOT NULL)
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX users_promoter ON users (promoter_id);
CREATE INDEX users_type ON users (type);

CREATE TABLE password_reset_tokens (
  -- Only a hash of the token is stored: a database leak does not leak working reset links.
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Login throttling lives in the database so that every API process sees the same counts.
CREATE TABLE login_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  succeeded boolean NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email_at ON login_attempts (email, at);
CREATE INDEX login_attempts_ip_at ON login_attempts (ip, at);
