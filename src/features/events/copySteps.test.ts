import { describe, expect, it } from 'vitest';
import { copyShare, initialProgress } from './copySteps';

describe('copy wizard progress', () => {
  it('when nothing ran, then 0; when all five steps are done, then 1', () => {
    expect(copyShare(initialProgress())).toBe(0);
    expect(copyShare({ ...initialProgress(), steps: ['done', 'done', 'done', 'done', 'done'] })).toBe(1);
  });
  it('when step 2 is at a sub-step, then its part is split by sub-steps', () => {
    const p = { ...initialProgress(), steps: ['done', 'running', 'waiting', 'waiting', 'waiting'] as const, priceSubStep: 4 };
    expect(copyShare({ ...p, steps: [...p.steps] })).toBeCloseTo((1 + 4 / 7) / 5);
  });
});
