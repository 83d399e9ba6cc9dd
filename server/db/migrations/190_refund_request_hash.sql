-- An Idempotency-Key answers its first result again only for the same request (issue 34): the request's body is
-- kept as a hash, and the same key with another body is refused (422), as payment APIs do. Older rows have no hash
-- and keep answering as before.
ALTER TABLE refund_requests ADD COLUMN request_hash text;
