-- Why a refund was made (issue 38): the order's payments show every refund with who, when and why. Optional (older
-- refunds and the counter's releases name none or their own); at most 500 characters, as the refund form allows.
ALTER TABLE refunds ADD COLUMN reason text CHECK (reason IS NULL OR char_length(reason) <= 500);
-- The event dashboard subtracts its event's refunds from its Total.
CREATE INDEX refunds_event ON refunds (event_id);
