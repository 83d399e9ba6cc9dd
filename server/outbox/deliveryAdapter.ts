/**
 * The one seam between the outbox and the world (ARCHITECTURE.md "Messages go to an outbox table"; docs/crm.md).
 * A mail or SMS service plugs in by implementing `DeliveryAdapter`; routes only write outbox rows and never know
 * which service sends them. This build has no mail server: no adapter is configured, so messages wait as 'pending'.
 */
export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  /** E-mail address or phone number, as it was when the message was queued. */
  address: string;
  language: 'en' | 'sv';
  /** The text in the recipient's language (the campaign's en or sv content). */
  body: string;
}

export interface DeliveryAdapter {
  /** Delivers one message; throws when the service refuses it (the row is then marked failed with the error). */
  deliver(message: OutboxMessage): Promise<void>;
}
