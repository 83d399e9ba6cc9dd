import { describe, expect, it } from 'vitest';
import { HoverTracker, type HoverHit } from './HoverTracker';

function deferredIndex() {
  const asked: { x: number; resolve: (h: HoverHit) => void }[] = [];
  const query = (x: number) => new Promise<HoverHit>((resolve) => asked.push({ x, resolve }));
  return { asked, query };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('HoverTracker', () => {
  it('keeps one query in flight and asks only for the latest position next', async () => {
    const { asked, query } = deferredIndex();
    const hits: [number, number][] = [];
    const t = new HoverTracker(query, (hit, x) => hits.push([hit.seat, x]));
    t.move(1, 0);
    t.move(2, 0);
    t.move(3, 0);
    expect(asked.map((a) => a.x)).toEqual([1]);
    asked[0].resolve({ seat: 10, section: 0 });
    await tick();
    expect(asked.map((a) => a.x)).toEqual([1, 3]);
    asked[1].resolve({ seat: 30, section: 0 });
    await tick();
    expect(hits).toEqual([[10, 1], [30, 3]]);
  });

  it('drops an answer that arrives after the pointer left', async () => {
    const { asked, query } = deferredIndex();
    const hits: number[] = [];
    const t = new HoverTracker(query, (hit) => hits.push(hit.seat));
    t.move(1, 0);
    t.leave();
    asked[0].resolve({ seat: 10, section: 0 });
    await tick();
    expect(hits).toEqual([-1]);
  });

  it('reports an index that answers at once within the move itself', () => {
    const hits: number[] = [];
    const t = new HoverTracker((x) => ({ seat: x * 2, section: 0 }), (hit) => hits.push(hit.seat));
    t.move(4, 0);
    expect(hits).toEqual([8]);
    t.move(5, 0);
    expect(hits).toEqual([8, 10]);
  });

  it('keeps reporting after a report that threw', () => {
    const hits: number[] = [];
    const t = new HoverTracker((x) => ({ seat: x, section: 0 }), (hit) => {
      hits.push(hit.seat);
      if (hit.seat === 1) throw new Error('listener failed');
    });
    expect(() => t.move(1, 0)).toThrow('listener failed');
    t.move(2, 0);
    expect(hits).toEqual([1, 2]);
  });

  it('goes back to the latest position once a slow answer arrives', async () => {
    const { asked, query } = deferredIndex();
    const hits: number[] = [];
    const t = new HoverTracker(query, (hit) => hits.push(hit.seat));
    t.move(1, 0);
    t.move(2, 0);
    asked[0].resolve({ seat: 10, section: 0 });
    await tick();
    asked[1].resolve({ seat: 20, section: 0 });
    await tick();
    expect(hits).toEqual([10, 20]);
    expect(asked.map((a) => a.x)).toEqual([1, 2]);
  });
});
