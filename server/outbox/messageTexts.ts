import { RESET_TOKEN_TTL_MINUTES } from '../auth/resetTokens';
import type { NewMessage } from './queueMessage';

/** The password-reset mail: the link, how long it works, and what to do when it was not you. */
export function passwordResetMail(email: string, userId: number, link: string): NewMessage {
  return {
    channel: 'email',
    kind: 'password_reset',
    address: email,
    recipientId: userId,
    subject: 'Set a new password for Arena Console',
    body: [
      'Hello,',
      '',
      'Someone (we hope you) asked to set a new password for the Arena Console account of this address.',
      'Open this link to choose a new password:',
      '',
      link,
      '',
      `The link works once, for ${RESET_TOKEN_TTL_MINUTES} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ].join('\n'),
  };
}

export interface TicketSmsFacts {
  phone: string;
  recipientId: number;
  eventId: number;
  /** The ticket's order item. */
  itemId: number;
  eventName: string;
  /** "Section A, row 3, seat 12", or "Standing" for general admission. */
  place: string;
  sender: string;
  isChild: boolean;
}

/** The SMS to a person who was sent a ticket (001 §4 "Send ticket"): the event, the place and who sent it. */
export function ticketSms(f: TicketSmsFacts): NewMessage {
  const what = f.isChild ? "a kid's ticket" : 'a ticket';
  return {
    channel: 'sms',
    kind: f.isChild ? 'kid_ticket' : 'ticket',
    address: f.phone,
    recipientId: f.recipientId,
    eventId: f.eventId,
    orderItemId: f.itemId,
    body: `${f.sender} sent you ${what} to ${f.eventName}: ${f.place}. Show it from the Arena app at the entrance.`,
  };
}
