/**
 * The engine's text: one 2D canvas over the WebGL canvas (no pointer events), drawn by the engine after each
 * frame whose labels changed, from the plan of `mapLabels.ts` (only what is in view). Batched: one font and fill
 * style a kind, the labels of a kind in one loop. Text in WebGL would need a font atlas and one more program
 * (a slow compile in software GL); the browser's text on a 2D canvas reads better and costs only the labels drawn.
 *
 * While the camera moves, the labels drawn last are moved with the map by a CSS transform (`follow`) rather than drawn
 * again every frame: redrawing some 500 seat numbers a frame cost more than the seats (bench/map/probes/zoomedPan.ts).
 */
import type { CameraState } from './Camera';
import type { MapLabel } from './mapLabels';

/**
 * How far the labels may follow the map before a redraw: at most this many CSS px at a corner of the view, nor more than
 * FOLLOW_LIMIT_SHARE of the view's smaller side (a row label pinned to the edge rides inwards that far; seat numbers
 * coming in at the edge wait as long), nor a zoom by more than FOLLOW_LIMIT_SCALE.
 */
export const FOLLOW_LIMIT_PX = 48;
export const FOLLOW_LIMIT_SHARE = 0.06;
export const FOLLOW_LIMIT_SCALE = 1.1;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export class LabelLayer {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D | null;
  private width = 1;
  private height = 1;
  private drawnAny = false;
  private following = false;

  constructor(container: HTMLElement, private readonly resolution: number) {
    const canvas = document.createElement('canvas');
    canvas.className = 'seatmap__labels';
    canvas.setAttribute('aria-hidden', 'true');
    Object.assign(canvas.style, { position: 'absolute', left: '0', top: '0', pointerEvents: 'none' });
    container.appendChild(canvas);
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.canvas.width = Math.max(1, Math.round(width * this.resolution));
    this.canvas.height = Math.max(1, Math.round(height * this.resolution));
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.drawnAny = true;
  }

  /** Draws `labels`; `seatIsDark(seat)` picks white or dark text on a seat. */
  draw(labels: readonly MapLabel[], seatIsDark: (seat: number) => boolean): void {
    const ctx = this.ctx;
    if (!ctx) return;
    if (this.following) {
      this.following = false;
      this.canvas.style.transform = '';
    }
    if (labels.length === 0 && !this.drawnAny) return;
    ctx.setTransform(this.resolution, 0, 0, this.resolution, 0, 0);
    ctx.clearRect(0, 0, this.width, this.height);
    this.drawnAny = labels.length > 0;
    if (!this.drawnAny) return;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';

    // The font is set only when its weight or size (to a tenth of a pixel) changes, and its string built only then:
    // built for every label, those strings were most of what a frame of labels allocated (bench/map/probes/zoomedPan.ts --alloc).
    let fontKey = -1;
    const setFont = (weight: number, size: number) => {
      const key = weight * 100_000 + Math.round(size * 10);
      if (key === fontKey) return;
      fontKey = key;
      ctx.font = `${weight} ${size.toFixed(1)}px ${FONT}`;
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
   * Shows the labels drawn at camera `from` where they belong at camera `to` (a translation and a uniform scale of the
   * canvas), unless the map moved too far (see FOLLOW_LIMIT_PX) or zoomed too much: then false, and the caller draws
   * them again. Labels coming into view at an edge wait for that redraw or for the camera to settle.
   */
  follow(from: CameraState, to: CameraState): boolean {
    const t = followTransform(from, to, this.width, this.height);
    if (!t) return false;
    const style = this.canvas.style;
    if (!this.following) style.transformOrigin = '0 0';
    this.following = true;
    style.transform = `translate(${t.x}px, ${t.y}px) scale(${t.scale})`;
    return true;
  }

  destroy(): void {
    this.canvas.remove();
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
