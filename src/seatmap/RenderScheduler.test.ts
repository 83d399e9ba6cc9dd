import { describe, expect, it } from 'vitest';
import { RenderScheduler, type FrameClock } from './RenderScheduler';

/** A page's animation frames by hand: `frame(t)` runs the callbacks asked for so far with the frame's timestamp. */
function frames() {
  let next = 1;
  let callbacks = new Map<number, FrameRequestCallback>();
  let now = 0;
  let asked = 0;
  const clock: FrameClock = {
    requestAnimationFrame(cb) {
      asked++;
      callbacks.set(next, cb);
      return next++;
    },
    cancelAnimationFrame(id) {
      callbacks.delete(id);
    },
    now: () => now,
  };
  return {
    clock,
    /** Frames asked for so far. */
    get asked() {
      return asked;
    },
    get waiting() {
      return callbacks.size;
    },
    frame(t: number) {
      now = t;
      const run = callbacks;
      callbacks = new Map();
      for (const cb of run.values()) cb(t);
    },
    setNow(t: number) {
      now = t;
    },
  };
}

function scheduler() {
  const page = frames();
  let renders = 0;
  const s = new RenderScheduler(() => renders++, () => undefined, page.clock);
  return { page, s, renders: () => renders };
}

describe('the render scheduler', () => {
  it('draws once on the next frame for any number of requests, then asks for no more frames', () => {
    const { page, s, renders } = scheduler();
    s.request();
    s.request();
    expect(page.asked).toBe(1);
    page.frame(16);
    expect(renders()).toBe(1);
    page.frame(33);
    expect(renders()).toBe(1);
    expect(page.waiting).toBe(0);
    expect(s.running).toBe(false);
  });

  it('while a pointer moves over the map, keeps frames coming, and a request in that time asks for no frame of its own', () => {
    const { page, s, renders } = scheduler();
    s.keepWarm(2000);
    expect(page.asked).toBe(1);
    page.frame(16);
    expect(renders()).toBe(0); // nothing asked to be drawn: an empty frame
    expect(s.running).toBe(true);
    // A hover: the frame is already asked for, so the request is a flag.
    const asked = page.asked;
    s.keepWarm(2000);
    s.request();
    expect(page.asked).toBe(asked);
    page.frame(33);
    expect(renders()).toBe(1);
    expect(page.waiting).toBe(1);
  });

  it('stops asking for frames the warm time after the frame that followed the last move', () => {
    const { page, s } = scheduler();
    s.keepWarm(100);
    page.frame(16); // warm until 116
    page.frame(33);
    page.frame(100);
    expect(s.running).toBe(true);
    page.frame(116);
    expect(s.running).toBe(false);
    expect(page.waiting).toBe(0);
    // The next move starts the frames again.
    s.keepWarm(100);
    expect(page.waiting).toBe(1);
  });

  it('a render made at once cancels the frame asked for, unless the frames are kept warm', () => {
    const { page, s, renders } = scheduler();
    s.request();
    s.renderNow();
    expect(renders()).toBe(1);
    expect(page.waiting).toBe(0);

    s.keepWarm(100);
    page.frame(16);
    s.request();
    page.setNow(20);
    s.renderNow();
    expect(renders()).toBe(2);
    expect(page.waiting).toBe(1);
    page.frame(33);
    expect(renders()).toBe(2); // drawn already: the loop's frame draws nothing
  });

  it('nextFrame resolves after the next render, and destroy resolves what waits and asks for nothing more', async () => {
    const { page, s } = scheduler();
    let done = 0;
    const a = s.nextFrame().then(() => done++);
    page.frame(16);
    await a;
    expect(done).toBe(1);
    s.keepWarm(1000);
    const b = s.nextFrame().then(() => done++);
    s.destroy();
    await b;
    expect(done).toBe(2);
    expect(page.waiting).toBe(0);
    s.keepWarm(1000);
    s.request();
    expect(page.waiting).toBe(0);
  });
});
