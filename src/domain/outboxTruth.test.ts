import { describe, expect, it } from 'vitest';
import { campaignDeliveryLine, campaignFullySent, crmSendWarning, deliveryMoving, outboxStateLabel, recoveryMailNote, smsSendNote } from './outboxTruth';

const counts = (c: Partial<Parameters<typeof campaignDeliveryLine>[0]>) => ({ recipients: 0, queued: 0, sending: 0, sent: 0, failed: 0, local: 0, ...c });

describe('campaignDeliveryLine', () => {
  it('when some failed, then it says how many went and points at the Outbox', () => {
    expect(campaignDeliveryLine(counts({ recipients: 1240, sent: 1236, failed: 4 }))).toBe('Queued 1,240 messages: 1,236 sent, 4 failed (see Outbox)');
  });
  it('when messages are still waiting, then they are counted as waiting, not sent', () => {
    const c = counts({ recipients: 10, queued: 7, sending: 1, sent: 2 });
    expect(campaignDeliveryLine(c)).toBe('Queued 10 messages: 2 sent, 8 waiting');
    expect(deliveryMoving(c)).toBe(true);
  });
  it('when no provider is configured, then the messages are said to be in the local mailbox, never sent', () => {
    const c = counts({ recipients: 1, sent: 1, local: 1 });
    expect(campaignDeliveryLine(c)).toBe('Queued 1 message: 1 in the local mailbox (see Outbox)');
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
  it('when mail has no server, then recovery and CRM say so', () => {
    expect(recoveryMailNote('local')).toMatch(/Outbox/);
    expect(recoveryMailNote('smtp')).toBeNull();
    expect(crmSendWarning('local', 'local')).toBe('No mail server or SMS provider is configured: those messages stay in the Outbox and reach nobody.');
    expect(crmSendWarning('smtp', 'sms')).toBeNull();
  });
  it('when a message sits in the local mailbox, then the Outbox never labels it Sent', () => {
    expect(outboxStateLabel('sent', 'local')).toBe('In the local mailbox');
    expect(outboxStateLabel('sent', 'smtp')).toBe('Sent');
    expect(outboxStateLabel('failed', null)).toBe('Failed');
  });
});
