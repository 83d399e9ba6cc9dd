/**
 * The engine's text: one 2D canvas over the WebGL canvas (no pointer events), drawn by the engine after each
 * frame whose labels changed, from the plan of `mapLabels.ts` (only what is in view). Batched: one font and fill
 * style a kind, the labels of a kind in one loop. Text in WebGL would need a font atlas and one more program
 * (a slow compile in software GL); the browser's text on a 2D canvas reads better and costs only the labels drawn.
 *
 * While the camera moves, the labels drawn last are moved with the map by a CSS transform (`follow`) rather than drawn
 * again every frame: redrawing some 500 seat numbers a frame cost more than the seats (bench/map/probes/zoomedPan.ts).
 * That canvas reaches LABEL_MARGIN_PX beyond each edge of the view, with the seat numbers and row-end labels there
 * drawn too, so what the moving map brings in at an edge is already on it (the container clips it). Row labels pinned
 * to the view's edge do not move with the map: they have a canvas of their own, the size of the view, drawn for the
 * camera at every move (`drawPinned`: a few dozen labels).
 */
import type { CameraState } from './Camera';
import { AREA_LABEL_PX, ROW_LABEL_MIN_PX, SECTION_COUNT_PX, type MapLabel } from './mapLabels';

/**
 * How far the labels may follow the map before a redraw: at most this many CSS px at a corner of the view, nor more than
 * FOLLOW_LIMIT_SHARE of the view's smaller side (a row label pinned to the edge rides inwards that far; seat numbers
 * coming in at the edge wait as long), nor a zoom by more than FOLLOW_LIMIT_SCALE.
 */
export const FOLLOW_LIMIT_PX = 48;
export const FOLLOW_LIMIT_SHARE = 0.06;
export const FOLLOW_LIMIT_SCALE = 1.1;
/**
 * CSS px the following canvas reaches beyond each edge of the view: as far as the labels may follow (FOLLOW_LIMIT_PX),
 * so whatever comes into view before the next redraw was drawn.
 */
export const LABEL_MARGIN_PX = FOLLOW_LIMIT_PX;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The font paintLabels sets for `weight` at `sizePx` (half pixels; see paintLabels). */
export function labelFont(weight: number, sizePx: number): string {
  return `${weight} ${Math.round(sizePx * 2) / 2}px ${FONT}`;
}

/**
 * The fonts a view of the whole venue labels with, whatever its size: row labels at their smallest, sections' counts,
 * standing areas' three lines. See warmLabelFonts.
 */
export const LABEL_FONTS_AHEAD: readonly string[] = [
  labelFont(700, ROW_LABEL_MIN_PX),
  labelFont(700, SECTION_COUNT_PX),
  labelFont(700, AREA_LABEL_PX),
  labelFont(600, AREA_LABEL_PX),
  labelFont(400, AREA_LABEL_PX),
];

/**
 * Resolves the labels' fonts before the map's first frame draws with them (`ctx`: any 2D context of the page; by
 * default a canvas of its own). The first text a page draws in a font costs the font's resolution (the family list
 * matched against the system's fonts, a typeface made per weight and size): at 20k seats it was in the first frame's
 * labels, on the open's path after the venue's parse (the canvas 2D peer draws no text); resolved while the worker
 * parses (prepareSeatMapRenderer), the first frame's task took ~5 ms less CPU. The fonts are cached for every canvas
 * of the page (docs/venue-map-journal.md, "The cold open at 20k against canvas 2D: …, eighth session").
 */
export function warmLabelFonts(ctx: Pick<CanvasRenderingContext2D, 'font' | 'measureText'> | null = defaultContext()): void {
  if (!ctx) return;
  for (const font of LABEL_FONTS_AHEAD) {
    ctx.font = font;
    // Letters and digits as the labels have them: their glyphs shaped once.
    ctx.measureText('Row 12 · Section A 1,250 places');
  }
}

function defaultContext(): CanvasRenderingContext2D | null {
  return typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
}

export class LabelLayer {
  /** The labels that move with the map (follow), LABEL_MARGIN_PX larger than the view on each side. */
  readonly canvas: HTMLCanvasElement;
  /** Row labels pinned to the view's edge, the size of the view, never transformed. */
  readonly pinnedCanvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D | null;
  private readonly pinnedCtx: CanvasRenderingContext2D | null;
  private width = 1;
  private height = 1;
  private drawnAny = false;
  private pinnedAny = false;
  private following = false;

  constructor(container: HTMLElement, private readonly resolution: number) {
    const m = LABEL_MARGIN_PX;
    this.canvas = labelCanvas(container, -m);
    this.canvas.style.transformOrigin = `${m}px ${m}px`;
    this.pinnedCanvas = labelCanvas(container, 0);
    this.ctx = this.canvas.getContext('2d');
    this.pinnedCtx = this.pinnedCanvas.getContext('2d');
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    const m = LABEL_MARGIN_PX;
    sizeCanvas(this.canvas, width + 2 * m, height + 2 * m, this.resolution);
    sizeCanvas(this.pinnedCanvas, width, height, this.resolution);
    this.drawnAny = true;
    this.pinnedAny = true;
  }

  /**
   * Draws `labels` (CSS px from the view's top-left corner; those up to LABEL_MARGIN_PX beyond an edge too) on the
   * canvas that follows the map; `seatIsDark(seat)` picks white or dark text on a seat.
   */
  draw(labels: readonly MapLabel[], seatIsDark: (seat: number) => boolean): void {
    const ctx = this.ctx;
    if (!ctx) return;
    if (this.following) {
      this.following = false;
      this.canvas.style.transform = '';
    }
    if (labels.length === 0 && !this.drawnAny) return;
    const m = LABEL_MARGIN_PX;
    ctx.setTransform(this.resolution, 0, 0, this.resolution, m * this.resolution, m * this.resolution);
    ctx.clearRect(-m, -m, this.width + 2 * m, this.height + 2 * m);
    this.drawnAny = labels.length > 0;
    if (this.drawnAny) paintLabels(ctx, labels, seatIsDark);
  }

  /** Draws the row labels pinned to the view's edge (planLabels' 'pinned' part) for the camera now. */
  drawPinned(labels: readonly MapLabel[]): void {
    const ctx = this.pinnedCtx;
    if (!ctx || (labels.length === 0 && !this.pinnedAny)) return;
    ctx.setTransform(this.resolution, 0, 0, this.resolution, 0, 0);
    ctx.clearRect(0, 0, this.width, this.height);
    this.pinnedAny = labels.length > 0;
    if (this.pinnedAny) paintLabels(ctx, labels, () => false);
  }

  /**
   * Shows the labels drawn at camera `from` where they belong at camera `to` (a translation and a uniform scale of the
   * canvas about the view's top-left corner), unless the map moved too far (see FOLLOW_LIMIT_PX) or zoomed too much:
   * then false, and the caller draws them again. Labels coming into view at an edge were drawn in the margin.
   */
  follow(from: CameraState, to: CameraState): boolean {
    const t = followTransform(from, to, this.width, this.height);
    if (!t) return false;
    this.following = true;
    this.canvas.style.transform = `translate(${t.x}px, ${t.y}px) scale(${t.scale})`;
    return true;
  }

  destroy(): void {
    this.canvas.remove();
    this.pinnedCanvas.remove();
  }
}

/** A label canvas over the map (no pointer events), its top-left corner `offset` CSS px from the container's. */
function labelCanvas(container: HTMLElement, offset: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = 'seatmap__labels';
  canvas.setAttribute('aria-hidden', 'true');
  Object.assign(canvas.style, { position: 'absolute', left: `${offset}px`, top: `${offset}px`, pointerEvents: 'none' });
  container.appendChild(canvas);
  return canvas;
}

function sizeCanvas(canvas: HTMLCanvasElement, width: number, height: number, resolution: number): void {
  canvas.width = Math.max(1, Math.round(width * resolution));
  canvas.height = Math.max(1, Math.round(height * resolution));
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
}

/** Paints `labels` with `ctx` (its transform set: CSS px of the view): batched, one font and fill style a kind. */
function paintLabels(ctx: CanvasRenderingContext2D, labels: readonly MapLabel[], seatIsDark: (seat: number) => boolean): void {
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';

  // The font is set only when its weight or size changes, and its string built only then: built for every label,
  // those strings were most of what a frame of labels allocated (bench/map/probes/zoomedPan.ts --alloc). Sizes go in
  // half pixels: the browser keeps a font and a cache of shaped text for every size a canvas drew with, and a zoom
  // passes through many sizes. In tenths of a pixel, a short session of zooms at 20k seats grew Blink's heap by
  // 1.1 MB; in halves, by 0.6 MB (docs/venue-map-journal.md, "The heap against canvas 2D at every size").
  let fontKey = -1;
  const setFont = (weight: number, size: number) => {
    const key = weight * 100_000 + Math.round(size * 2);
    if (key === fontKey) return;
    fontKey = key;
    ctx.font = labelFont(weight, size);
  };

  // Seat numbers: dark text on light seats, white on dark ones; one font size per run.
  for (const dark of [false, true]) {
    ctx.fillStyle = dark ? '#ffffff' : '#1c2127';
    for (const l of labels) {
      if (l.kind !== 'seat' || seatIsDark(l.seat) !== dark) continue;
      setFont(600, l.size);
      ctx.fillText(l.lines[0], l.x, l.y + 0.5);
    }
  }
  // Row labels pinned to the view's edge sit over seats: a light plate under each first.
  ctx.fillStyle = 'rgba(255, 255, 255, 0.9)';
  for (const l of labels) {
    if (l.kind !== 'row' || !l.pinned) continue;
    setFont(700, l.size);
    const w = ctx.measureText(l.lines[0]).width + l.size * 0.6;
    ctx.fillRect(l.x - w / 2, l.y - l.size * 0.7, w, l.size * 1.4);
  }
  // Row labels: dark, bold.
  ctx.fillStyle = '#404854';
  for (const l of labels) {
    if (l.kind !== 'row') continue;
    setFont(700, l.size);
    ctx.fillText(l.lines[0], l.x, l.y);
  }
  // Selection counts and standing areas (a few labels, their sizes unrounded).
  let font = '';
  const setFontString = (f: string) => {
    if (f === font) return;
    font = f;
    fontKey = -1;
    ctx.font = f;
  };
  // Selection counts: a pill in the accent colour on each section.
  for (const l of labels) {
    if (l.kind !== 'section') continue;
    setFontString(`700 ${l.size}px ${FONT}`);
    const w = ctx.measureText(l.lines[0]).width + 10;
    ctx.fillStyle = '#2d72d2';
    ctx.fillRect(l.x - w / 2, l.y - l.size * 0.8, w, l.size * 1.6);
    ctx.fillStyle = '#ffffff';
    ctx.fillText(l.lines[0], l.x, l.y + 0.5);
  }
  // Standing areas: name, capacity and state on a light plate.
  for (const l of labels) {
    if (l.kind !== 'area') continue;
    const lineHeight = l.size * 1.35;
    setFontString(`600 ${l.size}px ${FONT}`);
    const w = Math.max(...l.lines.map((t) => ctx.measureText(t).width)) + 16;
    const h = lineHeight * l.lines.length + 8;
    const top = l.y - h / 2;
    ctx.fillStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.fillRect(l.x - w / 2, top, w, h);
    ctx.fillStyle = '#1c2127';
    l.lines.forEach((t, k) => {
      setFontString(`${k === 0 ? 700 : 400} ${l.size}px ${FONT}`);
      ctx.fillText(t, l.x, top + 4 + lineHeight * (k + 0.5));
    });
  }
}

/**
 * The transform (from the top-left corner) that moves what was drawn at camera `from` to where camera `to` shows it: a
 * point drawn at s lands at s·scale + (x, y). Null when that moves a corner of the width × height view too far or zooms
 * too much (FOLLOW_LIMIT_*).
 */
export function followTransform(from: CameraState, to: CameraState, width: number, height: number): { x: number; y: number; scale: number } | null {
  const k = to.scale / from.scale;
  if (!(k <= FOLLOW_LIMIT_SCALE && k >= 1 / FOLLOW_LIMIT_SCALE)) return null;
  const limit = Math.min(FOLLOW_LIMIT_PX, FOLLOW_LIMIT_SHARE * Math.min(width, height));
  const x = to.x - from.x * k;
  const y = to.y - from.y * k;
  for (const sx of [0, width]) if (Math.abs(sx * (k - 1) + x) > limit) return null;
  for (const sy of [0, height]) if (Math.abs(sy * (k - 1) + y) > limit) return null;
  return { x, y, scale: k };
}
