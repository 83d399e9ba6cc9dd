/**
 * The rings of a small selection: one 2D canvas over the map's WebGL canvas (under the hover ring and the labels), the
 * size of the rings' box on screen, drawn again when the selection or the camera changes, rather than rings in the
 * WebGL scene. A shift-click then redraws no seat: the click's frame draws a row of rings on a small canvas, where a
 * ring in the scene made the software rasteriser draw every seat in view again (the shift-click at 20k: 30-46 ms of
 * the GPU process's CPU a click, docs/venue-map-journal.md). Selections of more than OVERLAY_MAX_RINGS seats are ringed in the
 * scene as before (their rings would cost the page's main thread more than the scene's frame). The look is the ring
 * shader's (RING_FRAGMENT, the selection style): from 2.5 device pixels of seat radius up, a white band just outside
 * the seat and the accent ring outside it; smaller seats an accent dot with a white rim.
 */
import { ringPaint, type RingPaint } from './ringPaint';

/** The selection ring's colour and width (device pixels, as the ring shader takes them). */
export const SELECTION_RING_COLOR = '#2d72d2';
export const SELECTION_RING_WIDTH_PX = 2.5;

/** The selection ring's geometry (ringPaint) at its width. */
export function selectionRingPaint(seatPx: number, widthPx = SELECTION_RING_WIDTH_PX): RingPaint {
  return ringPaint(seatPx, widthPx);
}

/** A rectangle of whole device pixels. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The canvas's box (device pixels of the map's container): the rings' extent `minX..maxY` (device px, fractional)
 * rounded out to whole pixels, one pixel more for the edges' ramps, and clipped to the view (`viewWidth` ×
 * `viewHeight` device px: the container clips the rest). Null when no ring reaches the view.
 */
export function overlayBox(minX: number, minY: number, maxX: number, maxY: number, viewWidth: number, viewHeight: number): PixelBox | null {
  const x0 = Math.max(0, Math.floor(minX) - 1);
  const y0 = Math.max(0, Math.floor(minY) - 1);
  const x1 = Math.min(Math.ceil(viewWidth), Math.ceil(maxX) + 1);
  const y1 = Math.min(Math.ceil(viewHeight), Math.ceil(maxY) + 1);
  if (!(x1 > x0 && y1 > y0)) return null;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The canvas's backing size for a box of `need` device pixels: the size held while it fits and is not less than half
 * of it (a pan that clips the rings at the view's edge changes the box every frame; reallocating the canvas each
 * time costs more than clearing a somewhat larger one), else the need rounded up to OVERLAY_SIZE_STEP.
 */
export const OVERLAY_SIZE_STEP = 64;
export function overlayBackingSize(need: number, held: number): number {
  if (held >= need && held <= 2 * need + OVERLAY_SIZE_STEP) return held;
  return Math.ceil(need / OVERLAY_SIZE_STEP) * OVERLAY_SIZE_STEP;
}

/**
 * The canvas's box for the rings of `seats` at frame `f` (device pixels of the container): every ring's outer edge
 * (selectionRingPaint) but the skipped seat's, rounded out and clipped to the view (overlayBox). Null when none is in view.
 */
export function ringsBox(model: OverlaySeats, seats: ArrayLike<number>, f: OverlayFrame): PixelBox | null {
  const { seatX, seatY, seatRadius } = model;
  const k = f.scale * f.dpr;
  const ox = f.x * f.dpr;
  const oy = f.y * f.dpr;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i];
    if (s === f.skip) continue;
    const p = selectionRingPaint(seatRadius[s] * k);
    const r = Math.max(p.colorTo, p.whiteTo);
    const x = seatX[s] * k + ox;
    const y = seatY[s] * k + oy;
    if (x - r < minX) minX = x - r;
    if (y - r < minY) minY = y - r;
    if (x + r > maxX) maxX = x + r;
    if (y + r > maxY) maxY = y + r;
  }
  return overlayBox(minX, minY, maxX, maxY, f.viewWidth * f.dpr, f.viewHeight * f.dpr);
}

export interface OverlaySeats {
  seatX: ArrayLike<number>;
  seatY: ArrayLike<number>;
  seatRadius: ArrayLike<number>;
}

/** What a frame places the rings for: the camera (CSS px per map unit, offset) and the view (CSS px). */
export interface OverlayFrame {
  x: number;
  y: number;
  scale: number;
  viewWidth: number;
  viewHeight: number;
  /** Device pixels per CSS pixel (the renderer's full resolution). */
  dpr: number;
  /** A seat drawn without its selection ring (the keyboard focus seat: its ring covers the selection's), or -1. */
  skip: number;
}

export class SelectionOverlay {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D | null;
  private seats: ArrayLike<number> = new Uint32Array(0);
  private drawnFor: OverlayFrame | null = null;
  private shown = false;
  private boxX = NaN;
  private boxY = NaN;
  /** Redraws so far (test builds read it). */
  draws = 0;

  /** Put into `container` before `before` (the hover ring, then the label canvases) or at its end. */
  constructor(container: HTMLElement, private readonly model: OverlaySeats, before: Element | null = null) {
    const c = document.createElement('canvas');
    c.setAttribute('aria-hidden', 'true');
    c.dataset.seatmapSelection = '';
    c.width = 1;
    c.height = 1;
    c.style.cssText = 'position:absolute;left:0;top:0;pointer-events:none;visibility:hidden';
    container.insertBefore(c, before);
    this.canvas = c;
    this.ctx = c.getContext('2d');
  }

  /** How many seats it rings (0: the scene rings the selection, or there is none). */
  get count(): number {
    return this.seats.length;
  }

  /** Whether any ring is on the page now. */
  get visible(): boolean {
    return this.shown;
  }

  /** Rings exactly these seats from the next `place` on (an empty list hides it). */
  setSeats(seats: ArrayLike<number>): void {
    if (seats.length === 0 && this.seats.length === 0) return;
    this.seats = seats;
    this.drawnFor = null;
  }

  /** Draws the rings for this frame's camera, unless they are drawn for it already (a frame that only moved the hover). */
  place(f: OverlayFrame): void {
    const d = this.drawnFor;
    if (d && d.x === f.x && d.y === f.y && d.scale === f.scale && d.viewWidth === f.viewWidth && d.viewHeight === f.viewHeight && d.dpr === f.dpr && d.skip === f.skip) return;
    this.drawnFor = { ...f };
    this.draw(f);
  }

  private hide(): void {
    if (!this.shown) return;
    this.shown = false;
    this.canvas.style.visibility = 'hidden';
  }

  private draw(f: OverlayFrame): void {
    const n = this.seats.length;
    const ctx = this.ctx;
    if (n === 0 || !ctx) return this.hide();
    const k = f.scale * f.dpr;
    const ox = f.x * f.dpr;
    const oy = f.y * f.dpr;
    const box = ringsBox(this.model, this.seats, f);
    if (!box) return this.hide();
    const c = this.canvas;
    const w = overlayBackingSize(box.width, c.width);
    const h = overlayBackingSize(box.height, c.height);
    if (w !== c.width || h !== c.height) {
      c.width = w;
      c.height = h;
      c.style.width = `${w / f.dpr}px`;
      c.style.height = `${h / f.dpr}px`;
    } else {
      // The last draw's transform would move the cleared rectangle off the canvas.
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, w, h);
    }
    if (box.x !== this.boxX || box.y !== this.boxY) {
      this.boxX = box.x;
      this.boxY = box.y;
      c.style.transform = `translate(${box.x / f.dpr}px,${box.y / f.dpr}px)`;
    }
    // Device pixels of the box's corner; a pixel's centre at +0.5 as the shader's fragments.
    ctx.setTransform(1, 0, 0, 1, ox - box.x, oy - box.y);
    this.paint(ctx, k, f.skip);
    this.draws++;
    if (!this.shown) {
      this.shown = true;
      c.style.visibility = 'visible';
    }
  }

  /**
   * Every ring in the selection's order, each its white then its accent, as the ring shader's points are blended one
   * after the other (where rings overlap, a later ring's white band covers an earlier one's colour; at overview a row's
   * dots show the last one's colour in a white rim, as before). Ring mode: the white band stroked half a pixel into
   * the colour, so no seam shows between them, then the accent annulus over it; dot mode: a white disc to the rim, the
   * accent disc over it. Coordinates are device px from the camera's origin (the context's transform moves them into
   * the box).
   */
  private paint(ctx: CanvasRenderingContext2D, k: number, skip: number): void {
    const { seatX, seatY, seatRadius } = this.model;
    const n = this.seats.length;
    const w = SELECTION_RING_WIDTH_PX;
    const circle = (x: number, y: number, r: number) => {
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
    };
    for (let i = 0; i < n; i++) {
      const s = this.seats[i];
      if (s === skip) continue;
      const p = selectionRingPaint(seatRadius[s] * k, w);
      const x = seatX[s] * k;
      const y = seatY[s] * k;
      if (p.ring) {
        circle(x, y, (p.whiteFrom + p.whiteTo + 0.5) / 2);
        ctx.strokeStyle = '#fff';
        ctx.lineWidth = p.whiteTo + 0.5 - p.whiteFrom;
        ctx.stroke();
        circle(x, y, (p.colorFrom + p.colorTo) / 2);
        ctx.strokeStyle = SELECTION_RING_COLOR;
        ctx.lineWidth = p.colorTo - p.colorFrom;
        ctx.stroke();
      } else {
        circle(x, y, p.whiteTo);
        ctx.fillStyle = '#fff';
        ctx.fill();
        circle(x, y, p.colorTo);
        ctx.fillStyle = SELECTION_RING_COLOR;
        ctx.fill();
      }
    }
  }

  destroy(): void {
    this.canvas.remove();
  }
}
