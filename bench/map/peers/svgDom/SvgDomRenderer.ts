/**
 * Peer 1: a plain SVG DOM seat map, as the open-source SVG/d3 maps build it. One <svg>, one <path> per section
 * outline, one <circle> per seat (grouped per section); the camera is the viewBox; hover and click find the seat
 * with the browser's own hit test (elementFromPoint); re-colour and selection re-style the circles.
 */
import type { CameraState } from '../../../../src/seatmap/Camera';
import { sectionOutline } from '../../../../src/seatmap/sectionGeometry';
import type { VenueModel } from '../../../../workers/venue-map/venueModel';
import type { PeerRenderer } from '../shared/PeerRenderer';
import { cssColor } from '../shared/peerVenue';

const SVG_NS = 'http://www.w3.org/2000/svg';
const SELECTED_FILL = '#0b57d0';
const HOVER_STROKE = '#111111';

export class SvgDomRenderer implements PeerRenderer {
  readonly id = 'svg_dom';
  private svg: SVGSVGElement | null = null;
  private circles: SVGCircleElement[] = [];
  private readonly seatOf = new WeakMap<Element, number>();
  private colors: Uint32Array = new Uint32Array(0);
  private selected: number[] = [];
  private hover = -1;

  mount(container: HTMLElement, model: VenueModel, seatColors: Uint32Array): void {
    this.colors = seatColors;
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('width', '100%');
    svg.setAttribute('height', '100%');
    svg.style.display = 'block';
    const circles: SVGCircleElement[] = new Array(model.seatCount);
    for (let s = 0; s < model.sectionCount; s++) {
      const g = document.createElementNS(SVG_NS, 'g');
      g.appendChild(sectionPath(model, s));
      const first = model.sectionFirstSeat[s];
      for (let i = first, end = first + model.sectionSeatCount[s]; i < end; i++) {
        const c = document.createElementNS(SVG_NS, 'circle');
        c.setAttribute('cx', String(model.seatX[i]));
        c.setAttribute('cy', String(model.seatY[i]));
        c.setAttribute('r', String(model.seatRadius[i]));
        c.setAttribute('fill', cssColor(seatColors[i]));
        this.seatOf.set(c, i);
        circles[i] = c;
        g.appendChild(c);
      }
      svg.appendChild(g);
    }
    this.circles = circles;
    this.svg = svg;
    container.appendChild(svg);
  }

  setCamera(c: CameraState): void {
    const svg = this.svg!;
    const w = svg.clientWidth || window.innerWidth;
    const h = svg.clientHeight || window.innerHeight;
    svg.setAttribute('viewBox', `${-c.x / c.scale} ${-c.y / c.scale} ${w / c.scale} ${h / c.scale}`);
  }

  setColors(seatColors: Uint32Array): void {
    this.colors = seatColors;
    const circles = this.circles;
    for (let i = 0; i < circles.length; i++) circles[i].setAttribute('fill', cssColor(seatColors[i]));
    for (const i of this.selected) circles[i].setAttribute('fill', SELECTED_FILL);
  }

  drawNow(): boolean {
    return false;
  }

  seatAt(clientX: number, clientY: number): number {
    const el = document.elementFromPoint(clientX, clientY);
    return el ? this.seatOf.get(el) ?? -1 : -1;
  }

  setHover(seat: number): void {
    if (this.hover >= 0) this.circles[this.hover].removeAttribute('stroke');
    this.hover = seat;
    if (seat >= 0) this.circles[seat].setAttribute('stroke', HOVER_STROKE);
  }

  select(seats: ArrayLike<number>): void {
    for (const i of this.selected) this.circles[i].setAttribute('fill', cssColor(this.colors[i]));
    this.selected = Array.from(seats);
    for (const i of this.selected) this.circles[i].setAttribute('fill', SELECTED_FILL);
  }

  destroy(): void {
    this.svg?.remove();
    this.svg = null;
    this.circles = [];
    this.selected = [];
    this.hover = -1;
  }
}

function sectionPath(model: VenueModel, s: number): SVGPathElement {
  const p = document.createElementNS(SVG_NS, 'path');
  const pts = sectionOutline(model, s);
  let d = '';
  for (let k = 0; k < pts.length; k += 2) d += `${k === 0 ? 'M' : 'L'}${pts[k]} ${pts[k + 1]}`;
  p.setAttribute('d', `${d}Z`);
  p.setAttribute('fill', '#e8ebef');
  p.setAttribute('stroke', '#3d434b');
  p.setAttribute('stroke-width', '0.5');
  return p;
}
