/**
 * DOM pointer and wheel input on the map container, turned into a few intentions (pan, zoom, hover,
 * click, rectangle). Coordinates are CSS pixels from the container's top-left (its position on the page kept by
 * ElementOrigin, not read at every move). Knows nothing of PixiJS or the engine: it calls the narrow `PointerIntents`
 * it is given. A move allocates nothing.
 */
import { rectFromCorners, wheelZoomFactor, type Rect } from './Camera';
import { ElementOrigin } from './ElementOrigin';
import { dragKind, isDrag, modifiersOf, type Modifiers, type SelectionMode } from './selectionGesture';

export interface PointerIntents {
  /**
   * A pointer came onto the map or moved over it (any move: hover, drag, pinch): frames should keep coming while it
   * does. Called on entering too, so a pointer's first move over the map finds them coming already (a real pointer's
   * `pointerover`/`pointerenter` are dispatched before its first `pointermove` on the element).
   */
  readonly active: () => void;
  pan(dx: number, dy: number): void;
  zoomAt(x: number, y: number, factor: number): void;
  hover(x: number, y: number): void;
  leave(): void;
  click(x: number, y: number, mods: Modifiers): void;
  /** The rectangle being dragged (screen), or null when it ends or is cancelled. */
  marquee(rect: Rect | null): void;
  marqueeEnd(rect: Rect, mods: Modifiers): void;
  mode(): SelectionMode;
}

interface Press {
  id: number;
  startX: number;
  startY: number;
  lastX: number;
  lastY: number;
  kind: 'pan' | 'rect';
  dragging: boolean;
  /** Whether the map holds the pointer's capture (from the drag's start, or the press leaving the map). */
  captured: boolean;
  mods: Modifiers;
}

export class PointerInput {
  private press: Press | null = null;
  /** Active touch/pen pointers for pinch zoom. */
  private readonly touches = new Map<number, { x: number; y: number }>();
  private pinchDistance = 0;
  private readonly disposers: (() => void)[] = [];
  private readonly origin: ElementOrigin;
  /** The last event's point (reused: copy it to keep it). */
  private readonly at = { x: 0, y: 0 };

  constructor(private readonly el: HTMLElement, private readonly intents: PointerIntents) {
    this.origin = new ElementOrigin(el);
    this.listen('pointerdown', (e) => this.onDown(e));
    this.listen('pointerenter', intents.active);
    this.listen('pointermove', this.onMove);
    this.listen('pointerup', (e) => this.onUp(e, false));
    this.listen('pointercancel', (e) => this.onUp(e, true));
    this.listen('pointerleave', (e) => {
      // A press that leaves the map before it became a drag keeps its moves and its release here, as a drag's do.
      if (this.press?.id === e.pointerId) this.capture(this.press);
      else if (!this.press && e.pointerType === 'mouse') intents.leave();
    });
    this.listen('wheel', (e) => this.onWheel(e), { passive: false });
    this.listen('contextmenu', (e) => {
      if (this.press?.dragging) e.preventDefault();
    });
  }

  /** Cancels a rectangle being dragged (Escape). */
  cancelMarquee(): void {
    if (this.press?.kind === 'rect') {
      this.press = null;
      this.intents.marquee(null);
    }
  }

  destroy(): void {
    for (const d of this.disposers) d();
    this.disposers.length = 0;
    this.origin.destroy();
  }

  private listen<K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void, opts?: AddEventListenerOptions): void {
    this.el.addEventListener(type, fn as EventListener, opts);
    this.disposers.push(() => this.el.removeEventListener(type, fn as EventListener, opts));
  }

  /** The event's point from the container's top-left, in a reused object. */
  private local(e: { clientX: number; clientY: number }): { x: number; y: number } {
    const o = this.origin.get();
    this.at.x = e.clientX - o.left;
    this.at.y = e.clientY - o.top;
    return this.at;
  }

  private onDown(e: PointerEvent): void {
    const p = this.local(e);
    if (e.pointerType !== 'mouse') {
      this.touches.set(e.pointerId, { x: p.x, y: p.y });
      if (this.touches.size === 2) {
        // A second finger turns the gesture into a pinch: drop the pan/click in progress.
        this.press = null;
        this.pinchDistance = this.touchDistance();
        return;
      }
    }
    if (e.button !== 0 || this.touches.size > 1) return;
    const mods = modifiersOf(e);
    this.press = { id: e.pointerId, startX: p.x, startY: p.y, lastX: p.x, lastY: p.y, kind: dragKind(this.intents.mode(), mods), dragging: false, captured: false, mods };
  }

  /**
   * The map takes the pointer's capture once a press becomes a drag (or leaves the map first), not at the press: a
   * capture taken at the press and let go at the release made the browser send the boundary events twice a click, hit
   * test again after the release's handlers (a forced style and layout in the release's task) and move the mouse
   * synthetically in the click's frame (docs/venue-map-journal.md, "The shift-click row at 20k … ninth session").
   */
  private capture(press: Press): void {
    if (press.captured) return;
    press.captured = true;
    this.el.setPointerCapture?.(press.id);
  }

  /** A listener itself (not a method called by one): one function less on every move's path. */
  private readonly onMove = (e: PointerEvent): void => {
    this.intents.active();
    const p = this.local(e);
    if (this.touches.has(e.pointerId)) {
      const prev = this.touches.get(e.pointerId)!;
      const now = { x: p.x, y: p.y };
      this.touches.set(e.pointerId, now);
      if (this.touches.size === 2) {
        this.onPinchMove(prev, now);
        return;
      }
    }
    const press = this.press;
    if (!press || press.id !== e.pointerId) {
      if (e.pointerType === 'mouse' && e.buttons === 0) this.intents.hover(p.x, p.y);
      return;
    }
    if (!press.dragging) {
      if (!isDrag(p.x - press.startX, p.y - press.startY)) return;
      press.dragging = true;
      this.capture(press);
      this.intents.leave();
    }
    if (press.kind === 'pan') {
      this.intents.pan(p.x - press.lastX, p.y - press.lastY);
    } else {
      this.intents.marquee(rectFromCorners(press.startX, press.startY, p.x, p.y));
    }
    press.lastX = p.x;
    press.lastY = p.y;
  };

  private onUp(e: PointerEvent, cancelled: boolean): void {
    this.touches.delete(e.pointerId);
    if (this.touches.size < 2) this.pinchDistance = 0;
    const press = this.press;
    if (!press || press.id !== e.pointerId) return;
    this.press = null;
    if (press.captured) this.el.releasePointerCapture?.(e.pointerId);
    const p = this.local(e);
    if (cancelled) {
      if (press.kind === 'rect') this.intents.marquee(null);
      return;
    }
    if (!press.dragging) {
      this.intents.click(p.x, p.y, press.mods);
    } else if (press.kind === 'rect') {
      this.intents.marquee(null);
      this.intents.marqueeEnd(rectFromCorners(press.startX, press.startY, p.x, p.y), press.mods);
    }
  }

  private onPinchMove(prev: { x: number; y: number }, now: { x: number; y: number }): void {
    const d = this.touchDistance();
    if (this.pinchDistance > 0 && d > 0) {
      const mid = this.touchMidpoint();
      // Half the finger's own movement is the midpoint's movement: pan with it, zoom around it.
      this.intents.pan((now.x - prev.x) / 2, (now.y - prev.y) / 2);
      this.intents.zoomAt(mid.x, mid.y, d / this.pinchDistance);
    }
    this.pinchDistance = d;
  }

  private touchDistance(): number {
    const [a, b] = [...this.touches.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  private touchMidpoint(): { x: number; y: number } {
    const [a, b] = [...this.touches.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault();
    const p = this.local(e);
    this.intents.zoomAt(p.x, p.y, wheelZoomFactor(e.deltaY, e.deltaMode, e.ctrlKey));
  }
}
