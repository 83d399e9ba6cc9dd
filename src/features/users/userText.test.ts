import { describe, expect, it } from 'vitest';
import { formatSignIn } from './userText';

describe('formatSignIn', () => {
  it('shows a sign-in as dd.MM.yyyy HH:mm in the browser time, not yyyy-MM-dd', () => {
    const at = new Date(2026, 10, 25, 14, 3);
    expect(formatSignIn(at.toISOString())).toBe('25.11.2026 14:03');
  });
  it('says Never when there was none', () => {
    expect(formatSignIn(null)).toBe('Never');
  });
});
