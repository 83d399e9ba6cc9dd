/**
 * What a screen says about messages it sent (docs/outbox.md "The truth on every screen"): nothing claims a message
 * reached a person unless a transport accepted it. The spec's 'Successfully sent!' (002 §8) is kept for the moment
 * every message of a send was accepted by a real provider.
 */

import { formatCount } from './money';

export interface DeliveryCounts {
  recipients: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  /** Of the sent: kept in the product's local mailbox (no provider configured for their channel). */
  local: number;
}

const n = formatCount;
const plural = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;

/** True while some message of the send has not had its last word (queued or being sent). */
export const deliveryMoving = (c: DeliveryCounts) => c.queued + c.sending > 0;

/**
 * One line for a CRM send: "Queued 1 240 messages: 1 236 sent, 4 failed (see Outbox)". Messages kept in the local
 * mailbox are counted as that, not as sent. The Outbox is the admin's: a promoter, who has none, is told who can read
 * them there (`opensOutbox` false).
 */
export function campaignDeliveryLine(c: DeliveryCounts, { opensOutbox = true }: { opensOutbox?: boolean } = {}): string {
  const parts: string[] = [];
  const reached = c.sent - c.local;
  if (reached) parts.push(`${n(reached)} sent`);
  if (c.local) parts.push(`${n(c.local)} in the local mailbox`);
  if (c.failed) parts.push(`${n(c.failed)} failed`);
  const waiting = c.queued + c.sending;
  if (waiting) parts.push(`${n(waiting)} waiting`);
  const tail = c.failed || c.local ? (opensOutbox ? ' (see Outbox)' : ' (an administrator can read them in the Outbox)') : '';
  return `Queued ${plural(c.recipients, 'message')}${parts.length ? `: ${parts.join(', ')}` : ''}${tail}`;
}

/** The spec's words, only once every message of the send was accepted by a real provider. */
export const campaignFullySent = (c: DeliveryCounts) => c.recipients > 0 && c.sent === c.recipients && c.local === 0;

export type EmailSetup = 'smtp' | 'local';
export type SmsSetup = 'sms' | 'local';

/** What a send of one SMS means on this server, said beside the screen's own success words. */
export function smsSendNote(sms: SmsSetup | undefined): string {
  if (sms === 'sms') return 'An SMS with the ticket is on its way to them.';
  if (sms === 'local') return 'No SMS provider is configured: the message is in the Outbox.';
  return 'The SMS is in the Outbox.';
}

/**
 * The toast after tickets are assigned to someone (001 §8 "Send ticket"): the ticket is theirs, and what the SMS about
 * it does on this server. A success only when a provider takes the SMS; without one it is a warning, never "sent".
 */
export function ticketAssignedNote(what: string, who: string, sms: SmsSetup | undefined): { message: string; tone: 'success' | 'warning' } {
  return { message: `${what} assigned to ${who}. ${smsSendNote(sms)}`, tone: sms === 'sms' ? 'success' : 'warning' };
}

/** Before a CRM send: who gets what through which channel, so the confirmation says what will happen. */
export function crmSendWarning(email: EmailSetup | undefined, sms: SmsSetup | undefined): string | null {
  const missing = [email === 'local' ? 'mail server' : null, sms === 'local' ? 'SMS provider' : null].filter(Boolean);
  if (!missing.length) return null;
  return `No ${missing.join(' or ')} is configured: those messages stay in the Outbox and reach nobody.`;
}

/** How a message's state reads in the Outbox: a message kept in the local mailbox never reads "Sent". */
export function outboxStateLabel(status: 'queued' | 'sending' | 'sent' | 'failed', transport: string | null): string {
  if (status === 'sent') return transport === 'local' ? 'In the local mailbox' : 'Sent';
  if (status === 'sending') return 'Sending';
  if (status === 'failed') return 'Failed';
  return 'Queued';
}

/** The newest message about a sent ticket, as GET api/corporate-app/reservations/{id} answers it per ticket. */
export interface TicketMessage {
  channel: 'email' | 'sms' | 'social';
  status: 'queued' | 'sending' | 'sent' | 'failed';
  transport: string | null;
  attempts: number;
  last_error: string | null;
}

/**
 * What a sent ticket's row says about its message: left the server ("SMS delivered to the provider"), waiting (with
 * the last refusal when there was one), kept in the local mailbox, or not delivered. Never "delivered" for a message
 * no provider accepted.
 */
export function ticketMessageState(m: TicketMessage): { label: string; tone: 'success' | 'waiting' | 'warning' | 'danger'; detail: string | null } {
  const what = m.channel === 'email' ? 'E-mail' : 'SMS';
  if (m.status === 'sent') {
    return m.transport === 'local'
      ? { label: `${what} not sent: no provider is configured`, tone: 'warning', detail: 'The message is in the Outbox, where an administrator can read it.' }
      : { label: `${what} delivered to the provider`, tone: 'success', detail: null };
  }
  if (m.status === 'failed') {
    return { label: `${what} not delivered`, tone: 'danger', detail: `Tried ${plural(m.attempts, 'time')}, then given up.${m.last_error ? ` Last answer: ${m.last_error}` : ''}` };
  }
  if (m.attempts > 0 && m.last_error) {
    return { label: `${what} not delivered yet: retrying`, tone: 'warning', detail: `Refused ${plural(m.attempts, 'time')}. Last answer: ${m.last_error}` };
  }
  return { label: `${what} on its way`, tone: 'waiting', detail: null };
}

/** True while a ticket's message may still change (queued or being sent): its screen reads again. */
export const ticketMessageMoving = (m: TicketMessage | null | undefined) => m != null && (m.status === 'queued' || m.status === 'sending');
