import { describe, expect, it } from 'vitest';
import { ElementOrigin } from './ElementOrigin';

/** A page with one element whose rectangle the test moves, and the observers and listeners the origin uses. */
function fakePage() {
  const rect = { left: 100, top: 50, right: 700, bottom: 450 };
  let gbcrCalls = 0;
  const resizeCallbacks: (() => void)[] = [];
  const intersections: { cb: (entries: { intersectionRatio: number }[]) => void; options: IntersectionObserverInit; connected: boolean }[] = [];
  const listeners = new Map<string, () => void>();
  const documentElement = { clientWidth: 1280, clientHeight: 800 };
  const el = {
    ownerDocument: { documentElement },
    getBoundingClientRect: () => {
      gbcrCalls++;
      return { ...rect, width: rect.right - rect.left, height: rect.bottom - rect.top } as DOMRect;
    },
  } as unknown as HTMLElement;
  class RO {
    constructor(cb: () => void) {
      resizeCallbacks.push(cb);
    }
    observe() {}
    disconnect() {}
  }
  class IO {
    private readonly me: (typeof intersections)[number];
    constructor(cb: (entries: { intersectionRatio: number }[]) => void, options: IntersectionObserverInit) {
      this.me = { cb, options, connected: false };
      intersections.push(this.me);
    }
    observe() {
      this.me.connected = true;
    }
    disconnect() {
      this.me.connected = false;
    }
  }
  const win = {
    ResizeObserver: RO as unknown as typeof ResizeObserver,
    IntersectionObserver: IO as unknown as typeof IntersectionObserver,
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
  };
  const live = () => intersections.filter((o) => o.connected);
  return { el, win, rect, listeners, resizeCallbacks, live, calls: () => gbcrCalls };
}

describe('ElementOrigin', () => {
  it('reads the rectangle once and answers later reads from it', () => {
    const page = fakePage();
    const origin = new ElementOrigin(page.el, page.win);
    expect(origin.get()).toEqual({ left: 100, top: 50 });
    expect(origin.get()).toEqual({ left: 100, top: 50 });
    expect(page.calls()).toBe(1);
  });

  it('reads again after a resize of the element, a scroll anywhere or a window resize', () => {
    const page = fakePage();
    const origin = new ElementOrigin(page.el, page.win);
    origin.get();
    page.rect.top = 80;
    page.resizeCallbacks[0]!();
    expect(origin.get().top).toBe(80);
    page.rect.top = 20;
    page.listeners.get('scroll')!();
    expect(origin.get().top).toBe(20);
    page.rect.left = 0;
    page.listeners.get('resize')!();
    expect(origin.get().left).toBe(0);
    expect(page.calls()).toBe(4);
  });

  it('watches the viewport shrunk to the element, and reads again when the element moved on the page', () => {
    const page = fakePage();
    const origin = new ElementOrigin(page.el, page.win);
    origin.get();
    const [watch] = page.live();
    // Top 50, right 1280 - 700, bottom 800 - 450, left 100: the root's margins take the viewport in to the element.
    expect(watch!.options.rootMargin).toBe('-50px -580px -350px -100px');
    expect(watch!.options.threshold).toBe(1);
    watch!.cb([{ intersectionRatio: 1 }]); // the first answer: wholly inside, as expected
    expect(origin.get()).toEqual({ left: 100, top: 50 });
    expect(page.calls()).toBe(1);
    page.rect.top = 90; // a banner above pushed it down: no resize, no scroll
    watch!.cb([{ intersectionRatio: 0.9 }]);
    expect(page.live()).toHaveLength(0);
    expect(origin.get().top).toBe(90);
    expect(page.calls()).toBe(2);
  });

  it('watches the share of an element partly off screen rather than the whole of it', () => {
    const page = fakePage();
    const origin = new ElementOrigin(page.el, page.win);
    origin.get();
    page.live()[0]!.cb([{ intersectionRatio: 0.5 }]);
    const [watch] = page.live();
    expect(watch!.options.threshold).toBe(0.5);
    watch!.cb([{ intersectionRatio: 0.5 }]);
    expect(origin.get().top).toBe(50);
    expect(page.calls()).toBe(1);
  });

  it('reads every time where the observers do not exist, and stops listening when destroyed', () => {
    const page = fakePage();
    const plain = new ElementOrigin(page.el, { addEventListener: page.win.addEventListener, removeEventListener: page.win.removeEventListener });
    plain.get();
    plain.get();
    expect(page.calls()).toBe(2);
    const cached = new ElementOrigin(page.el, page.win);
    cached.get();
    expect(page.listeners.has('scroll')).toBe(true);
    cached.destroy();
    expect(page.listeners.has('scroll')).toBe(false);
    expect(page.live()).toHaveLength(0);
  });
});
