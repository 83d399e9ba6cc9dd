/**
 * The ring on the hovered seat: a small element over the map's WebGL canvas (under the labels), moved by a CSS
 * transform, rather than a ring in the WebGL scene. A hover then redraws no seat: the pointer's frame moves one
 * composited element, where a ring in the scene made the software rasteriser draw every seat in view again for each
 * seat the pointer crossed (13-14 ms of the GPU process's CPU a move at 20k, competing with the page's main thread on
 * two cores). The look is the ring shader's (`RING_FRAGMENT`, the hover style of MarkerLayer): from ~2.5 device
 * pixels of seat radius up, a white band just outside the seat and a 1.5 px grey ring outside it; smaller seats a
 * grey dot with a white rim.
 */

/** The hover ring's colour and width (device pixels), as the WebGL rings had them. */
export const HOVER_RING_COLOR = '#5f6b7a';
export const HOVER_RING_WIDTH_PX = 1.5;

export interface HoverRingBox {
  /** Outer radius, CSS px. */
  radius: number;
  /** Ring mode (seat large enough for a ring around it) or dot mode. */
  ring: boolean;
  /** Ring mode: the grey ring's width; dot mode: the white rim's width (CSS px). */
  edge: number;
  /** Ring mode: the white band's width inside the grey ring (CSS px); 0 in dot mode. */
  band: number;
}

/**
 * The ring's geometry for a seat of `seatCssPx` radius on screen at `dpr` device pixels per CSS pixel: the ring
 * shader's constants are device pixels (RING_VERTEX: outer = seat + 1.25 + width from 2.5 px of seat up, else
 * 2 + width; the white band from seat + 0.25 to seat + 1.25; in dot mode a rim of 0.75).
 */
export function hoverRingBox(seatCssPx: number, dpr: number): HoverRingBox {
  const seat = seatCssPx * dpr;
  const ring = seat >= 2.5;
  const outer = ring ? seat + 1.25 + HOVER_RING_WIDTH_PX : 2 + HOVER_RING_WIDTH_PX;
  return ring
    ? { radius: outer / dpr, ring, edge: HOVER_RING_WIDTH_PX / dpr, band: 1 / dpr }
    : { radius: outer / dpr, ring, edge: 0.75 / dpr, band: 0 };
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
    el.style.cssText = 'position:absolute;left:0;top:0;pointer-events:none;border-radius:50%;box-sizing:border-box;visibility:hidden;will-change:transform';
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
    if (!b || b.radius !== box.radius || b.ring !== box.ring || b.edge !== box.edge || b.band !== box.band) {
      this.box = box;
      const d = `${2 * box.radius}px`;
      s.width = d;
      s.height = d;
      if (box.ring) {
        s.background = 'transparent';
        s.border = `${box.edge}px solid ${HOVER_RING_COLOR}`;
        s.boxShadow = `inset 0 0 0 ${box.band}px #fff`;
      } else {
        s.background = HOVER_RING_COLOR;
        s.border = `${box.edge}px solid #fff`;
        s.boxShadow = 'none';
      }
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
