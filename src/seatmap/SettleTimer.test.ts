import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettleTimer } from './SettleTimer';

describe('the settle timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once, its delay after the last restart', () => {
    const settled = vi.fn();
    const timer = new SettleTimer(120, settled);
    timer.restart();
    vi.advanceTimersByTime(100);
    timer.restart(); // the camera moved again
    vi.advanceTimersByTime(100);
    expect(settled).not.toHaveBeenCalled();
    expect(timer.pending).toBe(true);
    vi.advanceTimersByTime(20);
    expect(settled).toHaveBeenCalledTimes(1);
    expect(timer.pending).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('never fires once cancelled', () => {
    const settled = vi.fn();
    const timer = new SettleTimer(120, settled);
    timer.restart();
    timer.cancel();
    vi.advanceTimersByTime(1000);
    expect(settled).not.toHaveBeenCalled();
  });
});
