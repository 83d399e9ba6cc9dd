/**
 * Peer 3: a naive canvas 2D seat map: every frame clears the canvas and draws every section and every seat
 * again (no culling, no cached layers). Seats of one colour that follow each other go into one path, the usual
 * way to write it; hover and click scan the seats for the one under the pointer.
 */
import type { CameraState } from '../../../../src/seatmap/Camera';
import { sectionOutline } from '../../../../src/seatmap/sectionGeometry';
import type { VenueModel } from '../../../../workers/venue-map/venueModel';
import type { PeerRenderer } from '../shared/PeerRenderer';
import { cssColor } from '../shared/peerVenue';

const SELECTED = 0x0b57d0ff;
const TWO_PI = Math.PI * 2;

export class Canvas2dRenderer implements PeerRenderer {
  readonly id = 'canvas2d';
  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  private model: VenueModel | null = null;
  private outlines: Float32Array[] = [];
  private colors: Uint32Array = new Uint32Array(0);
  private selected: Uint8Array = new Uint8Array(0);
  private hover = -1;
  private camera: CameraState = { x: 0, y: 0, scale: 1 };
  private dpr = 1;

  mount(container: HTMLElement, model: VenueModel, seatColors: Uint32Array): void {
    const canvas = document.createElement('canvas');
    this.dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(container.clientWidth * this.dpr);
    canvas.height = Math.round(container.clientHeight * this.dpr);
    canvas.style.cssText = 'display:block;width:100%;height:100%';
    container.appendChild(canvas);
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d', { alpha: false });
    this.model = model;
    this.outlines = Array.from({ length: model.sectionCount }, (_, s) => sectionOutline(model, s));
    this.colors = seatColors.slice();
    this.selected = new Uint8Array(model.seatCount);
  }

  setCamera(c: CameraState): void {
    this.camera = c;
  }

  setColors(seatColors: Uint32Array): void {
    this.colors.set(seatColors);
  }

  drawNow(): boolean {
    const ctx = this.ctx;
    const m = this.model;
    if (!ctx || !m) return true;
    const { x, y, scale } = this.camera;
    const k = scale * this.dpr;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#f3f4f6';
    ctx.fillRect(0, 0, this.canvas!.width, this.canvas!.height);
    ctx.setTransform(k, 0, 0, k, x * this.dpr, y * this.dpr);
    ctx.fillStyle = '#e8ebef';
    ctx.strokeStyle = '#3d434b';
    ctx.lineWidth = 1 / k;
    for (const o of this.outlines) {
      ctx.beginPath();
      ctx.moveTo(o[0], o[1]);
      for (let p = 2; p < o.length; p += 2) ctx.lineTo(o[p], o[p + 1]);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
    }
    const { seatX, seatY, seatRadius } = m;
    let current = -1;
    ctx.beginPath();
    for (let i = 0; i < m.seatCount; i++) {
      const c = this.selected[i] ? SELECTED : this.colors[i];
      if (c !== current) {
        if (current !== -1) ctx.fill();
        ctx.fillStyle = cssColor(c);
        ctx.beginPath();
        current = c;
      }
      const r = seatRadius[i];
      ctx.moveTo(seatX[i] + r, seatY[i]);
      ctx.arc(seatX[i], seatY[i], r, 0, TWO_PI);
    }
    ctx.fill();
    if (this.hover >= 0) {
      const i = this.hover;
      ctx.beginPath();
      ctx.arc(seatX[i], seatY[i], seatRadius[i], 0, TWO_PI);
      ctx.strokeStyle = '#111111';
      ctx.lineWidth = 2 / k;
      ctx.stroke();
    }
    return true;
  }

  seatAt(clientX: number, clientY: number): number {
    const m = this.model;
    if (!m || !this.canvas) return -1;
    const rect = this.canvas.getBoundingClientRect();
    const wx = (clientX - rect.left - this.camera.x) / this.camera.scale;
    const wy = (clientY - rect.top - this.camera.y) / this.camera.scale;
    let best = -1;
    let bestD = Infinity;
    for (let i = 0; i < m.seatCount; i++) {
      const dx = m.seatX[i] - wx;
      const dy = m.seatY[i] - wy;
      const d = dx * dx + dy * dy;
      if (d <= m.seatRadius[i] * m.seatRadius[i] && d < bestD) {
        best = i;
        bestD = d;
      }
    }
    return best;
  }

  setHover(seat: number): void {
    this.hover = seat;
  }

  select(seats: ArrayLike<number>): void {
    this.selected.fill(0);
    for (let k = 0; k < seats.length; k++) this.selected[seats[k]] = 1;
  }

  destroy(): void {
    this.canvas?.remove();
    this.canvas = null;
    this.ctx = null;
    this.model = null;
    this.hover = -1;
  }
}
