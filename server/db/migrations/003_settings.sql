-- Platform settings (spec 002 §2 Settings): one row, fees in öre and percent.
CREATE TABLE platform_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  admin_fee_ore integer NOT NULL DEFAULT 0 CHECK (admin_fee_ore >= 0),
  refund_fee_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (refund_fee_percent BETWEEN 0 AND 100),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO platform_settings (id, admin_fee_ore, refund_fee_percent) VALUES (true, 1500, 5);
