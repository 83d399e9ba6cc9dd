-- The platform's refund fee is kept back by refunds (issue 34; docs/refunds.md). What a refund line kept was already
-- original_price_decrease − refund_amount (the finance report's refund-fee tables sum it); a refund now also records
-- the refund-fee percentage of Settings → Fees that its proposal was based on, since the setting may change later.
-- NULL: a refund made before this, or one that proposes nothing (the counter's release refunds in full).
ALTER TABLE refunds ADD COLUMN refund_fee_percent numeric(5, 2) CHECK (refund_fee_percent BETWEEN 0 AND 100);
