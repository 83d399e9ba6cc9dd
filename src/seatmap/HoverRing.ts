/**
 * The ring on the hovered seat: a small element over the map's WebGL canvas (under the labels), moved by a CSS
 * transform, rather than a ring in the WebGL scene. A hover then redraws no seat: the pointer's frame moves one
 * composited element, where a ring in the scene made the software rasteriser draw every seat in view again for each
 * seat the pointer crossed (13-14 ms of the GPU process's CPU a move at 20k, competing with the page's main thread on
 * two cores). The look is the ring shader's (`RING_FRAGMENT`, the hover style of MarkerLayer): from ~2.5 device
 * pixels of seat radius up, a white band just outside the seat and a 1.5 px grey ring outside it; smaller seats a
 * grey dot with a white rim.
 */
import { ringPaint } from './ringPaint';

/** The hover ring's colour and width (device pixels), as the WebGL rings had them. */
export const HOVER_RING_COLOR = '#5f6b7a';
export const HOVER_RING_WIDTH_PX = 1.5;

export interface HoverRingBox {
  /** The element's radius, CSS px: in ring mode the white band's outer edge, in dot mode the grey dot's. */
  radius: number;
  /** Ring mode (seat large enough for a ring around it) or dot mode. */
  ring: boolean;
  /** What is drawn outside the element (a shadow's spread, CSS px): the grey ring, or the dot's white rim. */
  outside: number;
  /** Ring mode: the white band inside the element's edge (CSS px); 0 in dot mode. */
  band: number;
}

/**
 * The ring's geometry for a seat of `seatCssPx` radius on screen at `dpr` device pixels per CSS pixel, as the ring
 * shader draws it (RING_FRAGMENT, device pixels, each edge a one-pixel ramp, taken at its middle): from 2.5 px of
 * seat up, a white band from seat + 0.75 to seat + 1.75 and the grey ring from there to seat + 2.75 (its 1.5 px width
 * less the ramps); smaller seats a grey dot to 2.25 px with a white rim to 3.5. Drawn with shadows' spreads, not
 * borders: a border's width is rounded to whole device pixels, a spread is not.
 */
export function hoverRingBox(seatCssPx: number, dpr: number): HoverRingBox {
  const p = ringPaint(seatCssPx * dpr, HOVER_RING_WIDTH_PX);
  return p.ring
    ? { radius: p.colorFrom / dpr, ring: true, outside: (p.colorTo - p.colorFrom) / dpr, band: (p.whiteTo - p.whiteFrom) / dpr }
    : { radius: p.colorTo / dpr, ring: false, outside: (p.whiteTo - p.colorTo) / dpr, band: 0 };
}

export class HoverRing {
  readonly element: HTMLDivElement;
  private shown = false;
  private x = NaN;
  private y = NaN;
  private box: HoverRingBox | null = null;

  /** Put into `container` before `before` (the label canvases) or at its end. */
  constructor(container: HTMLElement, before: Element | null = null) {
    const el = document.createElement('div');
    el.setAttribute('aria-hidden', 'true');
    el.dataset.seatmapHoverRing = '';
    // No will-change: a layer promoted for its transform is drawn at whole pixels and looks soft at a fractional
    // offset; this one is painted at the seat's sub-pixel position (a few hundred pixels painted a move).
    el.style.cssText = 'position:absolute;left:0;top:0;pointer-events:none;border-radius:50%;visibility:hidden';
    container.insertBefore(el, before);
    this.element = el;
  }

  /** Whether the ring is on the page now (test builds and unit tests read it). */
  get visible(): boolean {
    return this.shown;
  }

  /** Centres the ring on (x, y), CSS px from the container's top-left; styles are written only when they change. */
  show(x: number, y: number, box: HoverRingBox): void {
    const s = this.element.style;
    const b = this.box;
    if (!b || b.radius !== box.radius || b.ring !== box.ring || b.outside !== box.outside || b.band !== box.band) {
      this.box = box;
      const d = `${2 * box.radius}px`;
      s.width = d;
      s.height = d;
      s.background = box.ring ? 'transparent' : HOVER_RING_COLOR;
      s.boxShadow = box.ring ? `0 0 0 ${box.outside}px ${HOVER_RING_COLOR},inset 0 0 0 ${box.band}px #fff` : `0 0 0 ${box.outside}px #fff`;
      this.x = NaN;
    }
    if (x !== this.x || y !== this.y) {
      this.x = x;
      this.y = y;
      s.transform = `translate(${x - box.radius}px,${y - box.radius}px)`;
    }
    if (!this.shown) {
      this.shown = true;
      s.visibility = 'visible';
    }
  }

  hide(): void {
    if (!this.shown) return;
    this.shown = false;
    this.element.style.visibility = 'hidden';
  }

  destroy(): void {
    this.element.remove();
  }
}
