import { describe, expect, it } from 'vitest';
import { failureNotice } from './failureNotice';

describe('failureNotice (000 §8 messages stay exact, the reason goes on its own line)', () => {
  it('puts the reason on a line of its own', () => {
    expect(failureNotice('Error deleting the event', 'The event has sold tickets.')).toBe('Error deleting the event\nThe event has sold tickets.');
    expect(failureNotice('Error copying the event...', 'Start date is in the past')).toBe('Error copying the event...\nStart date is in the past');
  });
  it('is the spec sentence alone without a reason', () => {
    expect(failureNotice('Error deleting the event')).toBe('Error deleting the event');
    expect(failureNotice('Error deleting the event', '  ')).toBe('Error deleting the event');
    expect(failureNotice('Error deleting the event', 'Unknown error')).toBe('Error deleting the event');
    expect(failureNotice('Error copying the event...', 'Error copying the event...')).toBe('Error copying the event...');
  });
  it('first line is exactly the spec text', () => {
    expect(failureNotice('Error deleting the event', 'x').split('\n')[0]).toBe('Error deleting the event');
  });
});
