import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config';
import { CRM_MAIL_SUBJECT } from './crmMailSubject';

/**
 * The transports the delivery job hands messages to, chosen by configuration (docs/outbox.md): SMTP_URL for e-mail,
 * SMS_URL for SMS, SOCIAL_WEBHOOK_URL for social postings. A channel with nothing configured goes to the local
 * mailbox: the message is kept in the product (the admin's Outbox screen) and marked as delivered there, never as
 * having reached a person.
 */
export type Channel = 'email' | 'sms' | 'social';

export interface OutgoingMessage {
  id: number;
  channel: Channel;
  kind: string;
  /** E-mail address, phone number (+46…) or, for a posting, the page ('promoter' or 'default'). */
  address: string;
  subject: string | null;
  body: string;
  /** The event a ticket SMS or a posting is about, and its promoter (whose page 'promoter' means); null otherwise. */
  event_id?: number | null;
  promoter_id?: number | null;
}

export interface Transport {
  /** Stored per message: smtp, sms, webhook, local. */
  readonly name: string;
  /** Delivers one message; resolves with the provider's id when it gave one, throws when it refused. */
  deliver(message: OutgoingMessage): Promise<string | null>;
  close?(): void;
}

export type Transports = Record<Channel, Transport>;

/** What each channel does in this process: the truth screens tell (GET api/outbox/channels). */
export interface ChannelSetup {
  email: 'smtp' | 'local';
  sms: 'sms' | 'local';
  social: 'webhook' | 'none';
}

export type TransportConfig = Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'smsUrl' | 'smsToken' | 'socialWebhookUrl'>;

export function channelSetup(config: TransportConfig): ChannelSetup {
  return {
    email: config.smtpUrl ? 'smtp' : 'local',
    sms: config.smsUrl ? 'sms' : 'local',
    social: config.socialWebhookUrl ? 'webhook' : 'none',
  };
}

/** Kept in the database only: the admin reads it in the Outbox. */
export const localMailbox: Transport = { name: 'local', deliver: async () => null };

/** The domain part of MAIL_FROM, for Message-IDs (`<outbox-42@arena.example>`). */
function mailDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'arena.localhost';
}

/**
 * E-mail over SMTP with nodemailer: a pool of connections (several messages in flight), STARTTLS whenever the server
 * offers it (nodemailer's default for smtp://; smtps:// is TLS from the first byte). The Message-ID is the outbox id,
 * so a mail sent twice after a crash (docs/outbox.md) is one mail to clients that de-duplicate by Message-ID.
 */
export function smtpTransport(url: string, from: string, maxConnections = 5): Transport {
  const pool = nodemailer.createTransport({ url, pool: true, maxConnections, maxMessages: Infinity } as Parameters<typeof nodemailer.createTransport>[0]);
  const domain = mailDomain(from);
  return {
    name: 'smtp',
    async deliver(m) {
      const info = await pool.sendMail({
        from,
        to: m.address,
        subject: m.subject ?? CRM_MAIL_SUBJECT.en,
        text: m.body,
        messageId: `<outbox-${m.id}@${domain}>`,
      });
      return String(info.messageId ?? '') || null;
    },
    close: () => pool.close(),
  };
}

/** A JSON POST with an optional bearer token; a 2xx answer is accepted, anything else throws (and is retried). */
async function postJson(url: string, token: string, payload: unknown): Promise<string | null> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`The provider answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const id = parsed.id ?? parsed.message_id ?? parsed.sid;
    return id === undefined || id === null ? null : String(id);
  } catch {
    return null;
  }
}

/**
 * SMS as `POST SMS_URL {"to": "+46701234567", "text": "…", "reference": "<message id>"}`. The reference is the outbox
 * id: a provider that de-duplicates by reference turns a resend after a crash into one SMS.
 */
export function smsTransport(url: string, token: string): Transport {
  return { name: 'sms', deliver: (m) => postJson(url, token, { to: m.address, text: m.body, reference: String(m.id) }) };
}

/**
 * A posting to a social page: `POST SOCIAL_WEBHOOK_URL {"page", "promoter_id", "event_id", "text", "reference"}`.
 * `page` is 'promoter' (the event's promoter's page, `promoter_id`) or 'default' (the platform's page); the receiver
 * maps each to the page it posts on (docs/social-postings.md).
 */
export function webhookTransport(url: string): Transport {
  return {
    name: 'webhook',
    deliver: (m) => postJson(url, '', {
      page: m.address, promoter_id: m.promoter_id ?? null, event_id: m.event_id ?? null, text: m.body, reference: String(m.id),
    }),
  };
}

/** The transports this configuration names; the local mailbox for every channel left unset. */
export function createTransports(config: TransportConfig): Transports {
  return {
    email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : localMailbox,
    sms: config.smsUrl ? smsTransport(config.smsUrl, config.smsToken) : localMailbox,
    // Postings are only queued when a webhook is configured (server/outbox/socialPostings.ts): never reached otherwise.
    social: config.socialWebhookUrl ? webhookTransport(config.socialWebhookUrl) : localMailbox,
  };
}

export function closeTransports(transports: Transports): void {
  for (const t of new Set(Object.values(transports))) t.close?.();
}
