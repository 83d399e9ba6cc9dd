-- Messages that really leave (docs/outbox.md): the outbox grows from CRM-only rows waiting forever into the one queue
-- every sender writes and one delivery job empties.
--
-- status: queued (waiting for its next attempt), sending (claimed by a worker until locked_until), sent (a transport
-- accepted it; `transport` says which: smtp, sms, webhook, or local = the mailbox inside the product), failed (gave
-- up after the set number of attempts; last_error says why).
ALTER TABLE outbox_messages DROP CONSTRAINT IF EXISTS outbox_messages_status_check;
ALTER TABLE outbox_messages DROP CONSTRAINT IF EXISTS outbox_messages_channel_check;
UPDATE outbox_messages SET status = 'queued' WHERE status = 'pending';
ALTER TABLE outbox_messages ALTER COLUMN status SET DEFAULT 'queued';
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed'));
-- social: a posting to a social page through SOCIAL_WEBHOOK_URL.
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_channel_check CHECK (channel IN ('email', 'sms', 'social'));
-- A social posting has no person behind it.
ALTER TABLE outbox_messages ALTER COLUMN recipient_id DROP NOT NULL;
-- What the message is for, shown in the Outbox: crm, password_reset, ticket, social.
ALTER TABLE outbox_messages ADD COLUMN kind text NOT NULL DEFAULT 'crm';
-- The text of a message that is not a campaign's (a campaign's rows read their text from crm_campaigns, once).
ALTER TABLE outbox_messages ADD COLUMN subject text;
ALTER TABLE outbox_messages ADD COLUMN body text;
ALTER TABLE outbox_messages ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
-- A claim's lease: a row still 'sending' after this (its worker died) is claimed again.
ALTER TABLE outbox_messages ADD COLUMN locked_until timestamptz;
ALTER TABLE outbox_messages ADD COLUMN transport text;
ALTER TABLE outbox_messages ADD COLUMN provider_id text;
-- Who asked for the message (the sender of a ticket, the promoter's event of a posting): scoping and the Outbox.
ALTER TABLE outbox_messages ADD COLUMN event_id bigint;

DROP INDEX IF EXISTS outbox_messages_pending;
-- The job's claim: due rows in order.
CREATE INDEX outbox_messages_due ON outbox_messages (next_attempt_at, id) WHERE status IN ('queued', 'sending');
-- The Outbox screen: newest first.
CREATE INDEX outbox_messages_created ON outbox_messages (created_at DESC, id DESC);
CREATE INDEX outbox_messages_event ON outbox_messages (event_id) WHERE event_id IS NOT NULL;
