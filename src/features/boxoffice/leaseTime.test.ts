import { describe, expect, it } from 'vitest';
import { leaseEndsAt } from './leaseTime';

describe('leaseEndsAt', () => {
  const now = new Date(2026, 5, 20, 14, 0);
  it('when the time is later today, then today; when it has passed, then tomorrow', () => {
    expect(leaseEndsAt('18:30', now)).toBe(new Date(2026, 5, 20, 18, 30).toISOString());
    expect(leaseEndsAt('09:00', now)).toBe(new Date(2026, 5, 21, 9, 0).toISOString());
  });
  it('when the text is no time, then null', () => {
    for (const t of ['', '25:00', '12:60', 'soon']) expect(leaseEndsAt(t, now)).toBeNull();
  });
});
