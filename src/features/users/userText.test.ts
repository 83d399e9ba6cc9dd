import { describe, expect, it } from 'vitest';
import { formatSignIn } from './userText';

describe('formatSignIn', () => {
  it('shows a sign-in as dd.MM.yyyy HH:mm on the venue clock, not yyyy-MM-dd nor the browser\'s zone', () => {
    expect(formatSignIn('2026-11-25T13:03:00.000Z')).toBe('25.11.2026 14:03');
    expect(formatSignIn('2026-11-29T23:30:00.000Z')).toBe('30.11.2026 00:30');
  });
  it('says Never when there was none', () => {
    expect(formatSignIn(null)).toBe('Never');
  });
});
