import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PointerInput, type PointerIntents } from './PointerInput';

/** The map's container as far as PointerInput reads it: an event target at (10, 20) on the page. */
function container() {
  const el = new EventTarget() as EventTarget & { getBoundingClientRect(): { left: number; top: number } };
  el.getBoundingClientRect = () => ({ left: 10, top: 20 });
  return el as unknown as HTMLElement;
}

/** A pointer event as the browser makes it (Node has no PointerEvent): the fields PointerInput reads. */
function pointer(type: string, fields: Partial<PointerEvent> = {}): Event {
  return Object.assign(new Event(type), { pointerId: 1, pointerType: 'mouse', buttons: 0, button: 0, clientX: 0, clientY: 0, ...fields });
}

function intents() {
  const log: string[] = [];
  const i: PointerIntents = {
    active: () => log.push('active'),
    pan: (dx, dy) => log.push(`pan ${dx} ${dy}`),
    zoomAt: () => log.push('zoom'),
    hover: (x, y) => log.push(`hover ${x} ${y}`),
    leave: () => log.push('leave'),
    click: (x, y) => log.push(`click ${x} ${y}`),
    marquee: () => log.push('marquee'),
    marqueeEnd: () => log.push('marquee end'),
    mode: () => 'pan',
  };
  return { i, log };
}

describe('pointer input on the map', () => {
  // PointerInput keeps the container's position with the page's observers; without them every read is fresh.
  beforeEach(() => vi.stubGlobal('window', { addEventListener: () => undefined, removeEventListener: () => undefined }));
  afterEach(() => vi.unstubAllGlobals());

  it('when a pointer enters the map, then frames are asked to keep coming before its first move', () => {
    const el = container();
    const { i, log } = intents();
    const input = new PointerInput(el, i);
    el.dispatchEvent(pointer('pointerenter'));
    expect(log).toEqual(['active']);
    input.destroy();
  });

  it('when a mouse moves over the map, then each move keeps the frames coming and then hovers at the point in the map', () => {
    const el = container();
    const { i, log } = intents();
    const input = new PointerInput(el, i);
    el.dispatchEvent(pointer('pointermove', { clientX: 110, clientY: 70 }));
    el.dispatchEvent(pointer('pointermove', { clientX: 111, clientY: 70 }));
    expect(log).toEqual(['active', 'hover 100 50', 'active', 'hover 101 50']);
    input.destroy();
    el.dispatchEvent(pointer('pointermove', { clientX: 112, clientY: 70 }));
    el.dispatchEvent(pointer('pointerenter'));
    expect(log).toHaveLength(4);
  });

  it('when the mouse drags, then the moves keep the frames coming and pan', () => {
    const el = container();
    const { i, log } = intents();
    const input = new PointerInput(el, i);
    el.dispatchEvent(pointer('pointerdown', { clientX: 110, clientY: 70, buttons: 1 }));
    el.dispatchEvent(pointer('pointermove', { clientX: 130, clientY: 70, buttons: 1 }));
    expect(log).toEqual(['active', 'leave', 'pan 20 0']);
    input.destroy();
  });

  /** The container with the pointer-capture calls recorded. */
  function capturing() {
    const el = container() as HTMLElement & { calls: string[] };
    el.calls = [];
    el.setPointerCapture = (id) => void el.calls.push(`capture ${id}`);
    el.releasePointerCapture = (id) => void el.calls.push(`release ${id}`);
    return el;
  }

  it('when the mouse clicks, then the map takes no pointer capture (the browser sends no boundary events for it)', () => {
    const el = capturing();
    const { i, log } = intents();
    const input = new PointerInput(el, i);
    el.dispatchEvent(pointer('pointerdown', { clientX: 110, clientY: 70, buttons: 1 }));
    el.dispatchEvent(pointer('pointermove', { clientX: 111, clientY: 70, buttons: 1 }));
    el.dispatchEvent(pointer('pointerup', { clientX: 111, clientY: 70 }));
    expect(log.at(-1)).toBe('click 101 50');
    expect(el.calls).toEqual([]);
    input.destroy();
  });

  it('when a press becomes a drag, or leaves the map before it does, then the map captures the pointer until the release', () => {
    const el = capturing();
    const { i, log } = intents();
    const input = new PointerInput(el, i);
    el.dispatchEvent(pointer('pointerdown', { clientX: 110, clientY: 70, buttons: 1 }));
    el.dispatchEvent(pointer('pointermove', { clientX: 130, clientY: 70, buttons: 1 }));
    el.dispatchEvent(pointer('pointermove', { clientX: 140, clientY: 70, buttons: 1 }));
    el.dispatchEvent(pointer('pointerup', { clientX: 140, clientY: 70 }));
    expect(el.calls).toEqual(['capture 1', 'release 1']);

    el.calls = [];
    log.length = 0;
    el.dispatchEvent(pointer('pointerdown', { clientX: 110, clientY: 70, buttons: 1 }));
    el.dispatchEvent(pointer('pointerleave', { clientX: 111, clientY: 70, buttons: 1 }));
    expect(el.calls).toEqual(['capture 1']);
    // The moves outside the map come to it now: the drag pans, and no hover was left.
    el.dispatchEvent(pointer('pointermove', { clientX: 60, clientY: 70, buttons: 1 }));
    el.dispatchEvent(pointer('pointerup', { clientX: 60, clientY: 70 }));
    expect(log).toEqual(['active', 'leave', 'pan -50 0']);
    expect(el.calls).toEqual(['capture 1', 'release 1']);
    input.destroy();
  });
});
