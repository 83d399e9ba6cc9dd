import { describe, expect, it } from 'vitest';
import type { RendererRun } from '../peers/node/results';
import { runMetrics } from './buildMetrics';

const value = (metrics: ReturnType<typeof runMetrics>, name: string) => metrics.find((m) => m.metric === name);

/** Our run with its phases on the page's clock: the first render at 100, its pixels at 160, ready at 300. */
function run(longTasks: { start: number; duration: number }[]): RendererRun {
  return {
    renderer: 'ours', profile: 'webgl', seats: 20000, opens: [], notes: [], selects: [], clicks: [], recolors: [], longTasks,
    phases: [
      { name: 'first_presentation', from: 100, to: 160 },
      { name: 'settle', from: 160, to: 300 },
      { name: 'idle', from: 300, to: 1300 },
      { name: 'user_session', from: 1300, to: 5000 },
      { name: 'hover', from: 5000, to: 6000 },
    ],
  };
}

describe('long tasks (budget: none after the open\'s pixels)', () => {
  it('counts the tasks from the open\'s pixels through the idle second and the user session, the ones before them apart', () => {
    const m = runMetrics(run([{ start: 110, duration: 54 }, { start: 200, duration: 60 }, { start: 2000, duration: 70 }, { start: 5500, duration: 90 }]));
    expect(value(m, 'long_tasks.count')).toMatchObject({ value: 2, budget: 0, within_budget: false });
    expect(value(m, 'long_tasks.max_ms')?.value).toBe(70);
    // The browser putting the first render on screen: inside open_to_pixels, reported for information.
    expect(value(m, 'long_tasks.before_pixels.count')).toMatchObject({ value: 1, budget: null });
    expect(value(m, 'long_tasks.before_pixels.max_ms')?.value).toBe(54);
    expect(value(m, 'long_tasks.measuring_phases.count')?.value).toBe(1);
  });

  it('meets the budget when the only long task is the one before the pixels', () => {
    const m = runMetrics(run([{ start: 120, duration: 54 }]));
    expect(value(m, 'long_tasks.count')).toMatchObject({ value: 0, within_budget: true });
  });
});
