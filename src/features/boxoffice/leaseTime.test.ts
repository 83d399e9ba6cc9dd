import { describe, expect, it } from 'vitest';
import { defaultLeaseUntil, leaseEndsAt } from './leaseTime';

describe('leaseEndsAt (the venue clock, Stockholm)', () => {
  const now = new Date('2026-06-20T12:00:00Z'); // 14:00 in Stockholm (summer time)
  it('when the time is later today, then today; when it has passed, then tomorrow', () => {
    expect(leaseEndsAt('18:30', now)).toBe('2026-06-20T16:30:00.000Z');
    expect(leaseEndsAt('09:00', now)).toBe('2026-06-21T07:00:00.000Z');
  });
  it('when it is winter, then the offset is one hour', () => {
    expect(leaseEndsAt('23:45', new Date('2026-11-28T08:00:00Z'))).toBe('2026-11-28T22:45:00.000Z');
  });
  it('when the text is no time, then null', () => {
    for (const t of ['', '25:00', '12:60', 'soon']) expect(leaseEndsAt(t, now)).toBeNull();
    // A browser locale's own ways of writing a time are not HH:mm (000 §5).
    for (const t of ['6:30 PM', '18.30', '9:00', '18:30:00']) expect(leaseEndsAt(t, now)).toBeNull();
  });
});

describe('defaultLeaseUntil', () => {
  it('when asked at 14:07 in Stockholm, then 18:15', () => {
    expect(defaultLeaseUntil(new Date('2026-06-20T12:07:00Z'))).toBe('18:15');
  });
});
