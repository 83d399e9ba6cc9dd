import { describe, expect, it } from 'vitest';
import { inGroups } from '../../server/db/inGroups';

describe('inGroups', () => {
  it('when callers arrive while a group works, then they go together in the next group, in arrival order', async () => {
    const groups: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((r) => { release = r; });
    const run = inGroups<number, number>(async (inputs) => {
      groups.push(inputs);
      if (groups.length === 1) await first;
      return inputs.map((n) => n * 10);
    }, { max: 3 });
    const a = run(1);
    await new Promise((r) => setImmediate(r));
    const rest = [run(2), run(3), run(4), run(5)];
    release();
    expect(await Promise.all([a, ...rest])).toEqual([10, 20, 30, 40, 50]);
    expect(groups).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('when work answers an Error for one input, then only that caller is rejected; a throw rejects the whole group', async () => {
    const run = inGroups<number, number>(async (inputs) => {
      if (inputs.includes(0)) throw new Error('broken');
      return inputs.map((n) => (n < 0 ? new Error(`bad ${n}`) : n));
    }, { max: 10 });
    const results = await Promise.allSettled([run(1), run(-2), run(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('bad -2');
    const broken = await Promise.allSettled([run(4), run(0)]);
    expect(broken.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await run(5)).toBe(5);
  });

  it('when an input must go alone, then it forms a group of its own', async () => {
    const groups: number[][] = [];
    const run = inGroups<number, number>(async (inputs) => {
      groups.push(inputs);
      return inputs;
    }, { max: 10, alone: (n) => n === 0 });
    await Promise.all([run(1), run(2), run(0), run(3)]);
    expect(groups).toEqual([[1, 2], [0], [3]]);
  });
});
