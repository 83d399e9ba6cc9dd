/**
 * An element's top-left corner in the viewport (client coordinates), read with `getBoundingClientRect` once and
 * kept until something may have moved it: the element's size changed (ResizeObserver), anything scrolled or the
 * window was resized, or the element moved on the page without either (an IntersectionObserver whose root is the
 * viewport shrunk to the element's own rectangle, as Floating UI's `autoUpdate` watches for layout shifts: a move
 * of a pixel or more changes how much of the element is inside it).
 *
 * Why: a pointer move turns client coordinates into the map's own, and reading the rectangle on every move is a
 * layout read. Styles written in an animation frame (the hover ring, the labels' transform) leave the layout dirty
 * until the frame's rendering, so a read in a move dispatched before it (the bench's moves, a move in the same task
 * as a frame) pays for a style and layout pass. Where these observers do not exist, every read is fresh.
 */
export interface ClientPoint {
  left: number;
  top: number;
}

/** What of the window this needs (the page's own by default; unit tests pass theirs). */
export interface OriginWindow {
  addEventListener(type: 'scroll' | 'resize', fn: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: 'scroll' | 'resize', fn: () => void, options?: EventListenerOptions): void;
  ResizeObserver?: typeof ResizeObserver;
  IntersectionObserver?: typeof IntersectionObserver;
}
type Win = OriginWindow;

export class ElementOrigin {
  private readonly origin: ClientPoint = { left: 0, top: 0 };
  private valid = false;
  private readonly resize: ResizeObserver | null;
  private moved: IntersectionObserver | null = null;
  private readonly invalidate = () => {
    this.valid = false;
    this.moved?.disconnect();
    this.moved = null;
  };
  /** Reads served from the cache and fresh reads (unit tests). */
  hits = 0;
  reads = 0;

  constructor(private readonly el: HTMLElement, private readonly win: Win = window as unknown as Win) {
    const RO = win.ResizeObserver;
    const cacheable = RO !== undefined && win.IntersectionObserver !== undefined;
    this.resize = cacheable ? new RO!(this.invalidate) : null;
    if (!this.resize) return;
    this.resize.observe(el);
    win.addEventListener('scroll', this.invalidate, { capture: true, passive: true });
    win.addEventListener('resize', this.invalidate, { passive: true });
  }

  /** The element's top-left in client coordinates. The object is reused: read its fields at once. */
  get(): ClientPoint {
    if (this.valid) {
      this.hits++;
      return this.origin;
    }
    this.reads++;
    const r = this.el.getBoundingClientRect();
    this.origin.left = r.left;
    this.origin.top = r.top;
    if (this.resize) {
      this.valid = true;
      this.watchMoves(r, 1);
    }
    return this.origin;
  }

  destroy(): void {
    this.invalidate();
    if (!this.resize) return;
    this.resize.disconnect();
    this.win.removeEventListener('scroll', this.invalidate, { capture: true });
    this.win.removeEventListener('resize', this.invalidate);
  }

  /**
   * Observes the element against the viewport shrunk to its rectangle (whole pixels inwards): the first callback
   * gives the share of it inside (1 unless it is partly off screen or clipped; then that share is watched instead),
   * and any later one means it moved.
   */
  private watchMoves(r: DOMRect, threshold: number): void {
    const IO = this.win.IntersectionObserver!;
    const doc = this.el.ownerDocument;
    const root = doc.documentElement;
    const inset = (v: number) => `${-Math.floor(v)}px`;
    const rootMargin = [inset(r.top), inset(root.clientWidth - r.right), inset(root.clientHeight - r.bottom), inset(r.left)].join(' ');
    let first = true;
    const observer = new IO(
      (entries) => {
        if (observer !== this.moved) return;
        const ratio = entries[entries.length - 1]!.intersectionRatio;
        if (first) {
          first = false;
          // Partly outside the viewport or clipped: watch the share it has now (none at all: any change).
          if (Math.abs(ratio - threshold) > 1e-3) {
            observer.disconnect();
            this.moved = null;
            if (this.valid) this.watchMoves(r, ratio > 0 ? ratio : 1e-7);
          }
          return;
        }
        this.invalidate();
      },
      { root: doc, rootMargin, threshold },
    );
    this.moved?.disconnect();
    this.moved = observer;
    observer.observe(this.el);
  }
}
