import { describe, expect, it } from 'vitest';
import { missedVsyncPct } from './buildMetrics';

describe('missed vsync share (pan_zoomed beside the bare page)', () => {
  it('counts frame intervals over 20 ms', () => {
    expect(missedVsyncPct([16.7, 16.6, 33.4, 16.7])).toBe(25);
    expect(missedVsyncPct([])).toBe(0);
  });
});
