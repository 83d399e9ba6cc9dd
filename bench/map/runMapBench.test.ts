import { describe, expect, it } from 'vitest';
import { oursPlan, peerPlan } from './runMapBench';

describe('the map bench’s plans', () => {
  it('shift-clicks as many rows, so the same rows, for ours and every peer, at every size and in a quick run', () => {
    // click_row_p95's ratio compares two p95s: of ten clicks the worst of ten, of three the worst of three.
    for (const quick of [false, true]) {
      for (const seats of [1000, 20_000, 100_000, 200_000]) {
        for (const profile of ['webgl', 'peers'] as const) {
          const ours = oursPlan(seats, profile, quick);
          const peer = peerPlan(seats, profile, quick);
          expect(peer.clicks).toBe(ours.clicks);
        }
      }
      expect(oursPlan(20_000, 'webgl', quick).clicks).toBe(quick ? 5 : 10);
    }
  });
});
