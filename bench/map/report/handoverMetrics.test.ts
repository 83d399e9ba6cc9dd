import { describe, expect, it } from 'vitest';
import type { OpenRun, RendererRun } from '../peers/node/results';
import { runMetrics } from './buildMetrics';

const open = (transferSamplesMs: number[]): OpenRun => ({ firstFrameMainMs: 10, firstFrameMs: 20, totalMs: 30, settleFrames: 4, parseMs: 5, transferMs: transferSamplesMs[0], transferSamplesMs });

function run(opens: OpenRun[]): RendererRun {
  return { renderer: 'ours', profile: 'webgl', seats: 1000, opens, notes: [], selects: [], clicks: [], recolors: [], longTasks: [], phases: [] };
}

const value = (metrics: ReturnType<typeof runMetrics>, name: string) => metrics.find((m) => m.metric === name);

describe('handover_ms (the model handed to the page, sampled in every open)', () => {
  it('takes its median and p95 over every sample of every open, and the first of each open apart', () => {
    // Three opens of 30 samples: 0.2 ms each, but each open's first is 1.5 ms and one sample waited 6 ms.
    const samples = (k: number) => Array.from({ length: 30 }, (_, i) => (i === 0 ? 1.5 : i === 10 + k ? (k === 1 ? 6 : 0.3) : 0.2));
    const m = runMetrics(run([open(samples(0)), open(samples(1)), open(samples(2))]));
    expect(value(m, 'handover.samples')?.value).toBe(90);
    expect(value(m, 'handover_ms.median')?.value).toBe(0.2);
    // 95th of 90 (nearest rank: the 86th): the three first samples and the late one are the four worst, not the figure.
    expect(value(m, 'handover_ms.p95')).toMatchObject({ value: 0.3, budget: 2, within_budget: true });
    expect(value(m, 'handover_ms.first_median')).toMatchObject({ value: 1.5, budget: null });
  });

  it('fails its budget when the hand-over itself is slow, not only one message', () => {
    const m = runMetrics(run([open(Array.from({ length: 30 }, () => 2.5))]));
    expect(value(m, 'handover_ms.p95')).toMatchObject({ value: 2.5, within_budget: false });
  });
});
