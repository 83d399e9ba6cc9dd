import { describe, expect, it } from 'vitest';
import { campaignDeliveryLine, campaignFullySent, crmSendWarning, deliveryMoving, outboxStateLabel, smsSendNote, ticketAssignedNote, ticketMessageMoving, ticketMessageState, type TicketMessage } from './outboxTruth';

const counts = (c: Partial<Parameters<typeof campaignDeliveryLine>[0]>) => ({ recipients: 0, queued: 0, sending: 0, sent: 0, failed: 0, local: 0, ...c });

describe('campaignDeliveryLine', () => {
  it('when some failed, then it says how many went, grouped as every count of the console (1 240), and points at the Outbox', () => {
    expect(campaignDeliveryLine(counts({ recipients: 1240, sent: 1236, failed: 4 }))).toBe('Queued 1\u00a0240 messages: 1\u00a0236 sent, 4 failed (see Outbox)');
  });
  it('when messages are still waiting, then they are counted as waiting, not sent', () => {
    const c = counts({ recipients: 10, queued: 7, sending: 1, sent: 2 });
    expect(campaignDeliveryLine(c)).toBe('Queued 10 messages: 2 sent, 8 waiting');
    expect(deliveryMoving(c)).toBe(true);
  });
  it('when no provider is configured, then the messages are said to be in the local mailbox, never sent', () => {
    const c = counts({ recipients: 1, sent: 1, local: 1 });
    expect(campaignDeliveryLine(c)).toBe('Queued 1 message: 1 in the local mailbox (see Outbox)');
    // A promoter has no Outbox: the line says who can read the messages there instead of sending them to look.
    expect(campaignDeliveryLine(c, { opensOutbox: false })).toBe('Queued 1 message: 1 in the local mailbox (an administrator can read them in the Outbox)');
    expect(campaignFullySent(c)).toBe(false);
  });
  it('when every message was accepted by a provider, then the spec\'s words may be said', () => {
    expect(campaignFullySent(counts({ recipients: 3, sent: 3 }))).toBe(true);
    expect(campaignFullySent(counts({ recipients: 3, sent: 2, failed: 1 }))).toBe(false);
  });
});

describe('notes beside the screens\' words', () => {
  it('when SMS has no provider, then the corporate app says the message is in the Outbox', () => {
    expect(smsSendNote('local')).toBe('No SMS provider is configured: the message is in the Outbox.');
    expect(smsSendNote('sms')).toMatch(/on its way/);
  });
  it('when mail has no server, then the CRM says so', () => {
    expect(crmSendWarning('local', 'local')).toBe('No mail server or SMS provider is configured: those messages stay in the Outbox and reach nobody.');
    expect(crmSendWarning('smtp', 'sms')).toBeNull();
  });
  it('when a message sits in the local mailbox, then the Outbox never labels it Sent', () => {
    expect(outboxStateLabel('sent', 'local')).toBe('In the local mailbox');
    expect(outboxStateLabel('sent', 'smtp')).toBe('Sent');
    expect(outboxStateLabel('failed', null)).toBe('Failed');
  });
});

describe('a sent ticket\'s message', () => {
  const m = (over: Partial<TicketMessage>): TicketMessage => ({ channel: 'sms', status: 'queued', transport: null, attempts: 0, last_error: null, ...over });
  it('says delivered only when a provider accepted it', () => {
    expect(ticketMessageState(m({ status: 'sent', transport: 'sms', attempts: 1 })).label).toBe('SMS delivered to the provider');
    expect(ticketMessageState(m({ status: 'sent', transport: 'local', attempts: 1 }))).toMatchObject({ label: 'SMS not sent: no provider is configured', tone: 'warning' });
  });
  it('says waiting, retrying with the refusal, and not delivered with the attempts', () => {
    expect(ticketMessageState(m({}))).toMatchObject({ label: 'SMS on its way', tone: 'waiting' });
    expect(ticketMessageState(m({ attempts: 2, last_error: 'The provider answered 503: number blocked' }))).toEqual({
      label: 'SMS not delivered yet: retrying', tone: 'warning', detail: 'Refused 2 times. Last answer: The provider answered 503: number blocked',
    });
    expect(ticketMessageState(m({ channel: 'email', status: 'failed', attempts: 5, last_error: '550 no such user' }))).toEqual({
      label: 'E-mail not delivered', tone: 'danger', detail: 'Tried 5 times, then given up. Last answer: 550 no such user',
    });
  });
  it('is moving only while queued or being sent', () => {
    expect([m({}), m({ status: 'sending' }), m({ status: 'sent' }), m({ status: 'failed' }), null].map(ticketMessageMoving)).toEqual([true, true, false, false, false]);
  });
});

describe('ticketAssignedNote', () => {
  it('is a success only when a provider takes the SMS, and never says the ticket was sent', () => {
    expect(ticketAssignedNote('Ticket', 'Nils Okänd', 'sms')).toEqual({ message: 'Ticket assigned to Nils Okänd. An SMS with the ticket is on its way to them.', tone: 'success' });
    const local = ticketAssignedNote('Ticket', 'Nils Okänd', 'local');
    expect(local).toEqual({ message: 'Ticket assigned to Nils Okänd. No SMS provider is configured: the message is in the Outbox.', tone: 'warning' });
    expect(ticketAssignedNote("2 kid's ticket(s)", 'Erik', undefined).tone).toBe('warning');
  });
});
