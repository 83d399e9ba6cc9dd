-- Sign-in and recovery throttling (docs/security.md): attempts are counted per (e-mail, address) and per address,
-- never per e-mail alone, so nobody can lock the real owner out from elsewhere. Recovery requests count too.
ALTER TABLE login_attempts ADD COLUMN kind text NOT NULL DEFAULT 'login' CHECK (kind IN ('login', 'recovery'));
CREATE INDEX login_attempts_pair_at ON login_attempts (kind, email, ip, at);
CREATE INDEX login_attempts_kind_ip_at ON login_attempts (kind, ip, at);
