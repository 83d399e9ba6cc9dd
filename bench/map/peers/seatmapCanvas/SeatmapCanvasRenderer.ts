/**
 * Peer 2: @alisaitteke/seatmap-canvas 2.5 (d3 + SVG, despite the name), used through its own API: one block per
 * section, one seat model per seat, `data.replaceData(blocks)`, per-seat colours with `seat.svg.setColor()`,
 * selection with `seat.svg.select()` / `unSelect()`, hover through the library's own mouseenter/mouseleave
 * handlers. Its camera is the stage transform its d3-zoom handler writes on every zoom event, followed by its
 * zoom-level check, which is what a user's drag or wheel costs it per frame.
 *
 * Adaptation: the library is designed for seats of radius 12 about 30 units apart; our venues use radius 2 and
 * 5 units, so coordinates are scaled by 6 (its block hulls, label sizes and zoom levels then look as designed).
 * Its fade-in animation is set to 0 ms so the first frame is not an animation. Its console output is silenced
 * by the page (it logs every block and zoom event; the bench's DevTools connection would pay to serialise them).
 */
import { SeatMapCanvas, type BlockInput, type SeatItemView } from '@alisaitteke/seatmap-canvas';
import '@alisaitteke/seatmap-canvas/dist/esm/seatmap.canvas.css';
import type { CameraState } from '../../../../src/seatmap/Camera';
import { venueBounds } from '../../../../src/seatmap/venueExtent';
import { SECTION_KIND_GENERAL_ADMISSION, type VenueModel } from '../../../../workers/venue-map/venueModel';
import type { PeerRenderer } from '../shared/PeerRenderer';
import { cssColor } from '../shared/peerVenue';

/** Map units → the library's units. */
const SCALE = 6;

export class SeatmapCanvasRenderer implements PeerRenderer {
  readonly id = 'seatmap_canvas';
  /** Its stylesheet fades block masks over 0.5 s after a 0.2 s delay when the zoom level changes. */
  readonly transitionMs = 750;
  private map: SeatMapCanvas | null = null;
  private container: HTMLElement | null = null;
  private blocks: BlockInput[] = [];
  /** Our seat index → the library's seat view (null for seats of sections it cannot draw). */
  private views: (SeatItemView | null)[] = [];
  private seatOfCircle = new WeakMap<Element, number>();
  private origin = { x: 0, y: 0 };
  private selected: number[] = [];
  private hover = -1;

  /** The library's input format, built before the clock starts (it stands in for an API payload). */
  prepare(model: VenueModel, _seatColors: Uint32Array, selectable: Uint8Array): void {
    const b = venueBounds(model);
    this.origin = { x: b.minX, y: b.minY };
    const blocks: BlockInput[] = [];
    for (let s = 0; s < model.sectionCount; s++) {
      // The library needs three seats for a block's hull; general-admission areas have none.
      if (model.sectionKind[s] === SECTION_KIND_GENERAL_ADMISSION || model.sectionSeatCount[s] < 3) continue;
      const seats = [];
      const first = model.sectionFirstSeat[s];
      for (let i = first, end = first + model.sectionSeatCount[s]; i < end; i++) {
        seats.push({ id: i, x: (model.seatX[i] - b.minX) * SCALE, y: (model.seatY[i] - b.minY) * SCALE, salable: selectable[i] === 1, title: String(i - first + 1) });
      }
      blocks.push({ id: `s${s}`, title: model.strings[model.sectionName[s]] ?? `Section ${s}`, color: '#e8ebef', border_color: '#c9ced6', labels: [], seats });
    }
    this.blocks = blocks;
  }

  mount(container: HTMLElement, model: VenueModel, seatColors: Uint32Array): void {
    this.container = container;
    const map = new SeatMapCanvas(container, { legend: false, resizable: false, style: { seat: {}, block: {}, legend: {}, label: {}, tooltip: {} } });
    map.config.animation_speed = 0;
    map.data.replaceData(this.blocks);
    this.map = map;
    this.views = new Array(model.seatCount).fill(null);
    for (const block of map.data.getBlocks()) {
      for (const seat of block.seats) this.views[Number(seat.id)] = seat.svg;
    }
    this.setColors(seatColors);
  }

  setCamera(c: CameraState): void {
    const map = this.map!;
    const k = c.scale / SCALE;
    const tx = c.x + this.origin.x * c.scale;
    const ty = c.y + this.origin.y * c.scale;
    map.svg.stage.node.attr('transform', `translate(${tx},${ty})scale(${k})`);
    map.zoomManager.calculateZoomLevel(k);
  }

  setColors(seatColors: Uint32Array): void {
    const views = this.views;
    for (let i = 0; i < views.length; i++) views[i]?.setColor(cssColor(seatColors[i]));
    for (const i of this.selected) views[i]?.select();
  }

  drawNow(): boolean {
    return false;
  }

  /** Seat-level interaction: the state the library enters when a user clicks into a block (masks off). */
  focusSeats(): void {
    const zm = this.map!.zoomManager;
    if (zm.zoomLevel !== 'SEAT') {
      zm.zoomLevel = 'SEAT';
      zm.dispatchZoomEvent();
    }
    if (this.views.length > 0 && !this.seatOfCircle.has(this.views.find((v) => v)?.circle.node.node() as Element)) {
      this.views.forEach((v, i) => {
        const el = v?.circle.node.node();
        if (el) this.seatOfCircle.set(el, i);
      });
    }
  }

  seatAt(clientX: number, clientY: number): number {
    const el = document.elementFromPoint(clientX, clientY);
    return el ? this.seatOfCircle.get(el) ?? -1 : -1;
  }

  setHover(seat: number): void {
    if (this.hover >= 0) this.views[this.hover]?.node.node()?.dispatchEvent(new MouseEvent('mouseleave'));
    this.hover = seat;
    if (seat >= 0) this.views[seat]?.node.node()?.dispatchEvent(new MouseEvent('mouseenter'));
  }

  select(seats: ArrayLike<number>): void {
    for (const i of this.selected) this.views[i]?.unSelect();
    this.selected = Array.from(seats);
    for (const i of this.selected) this.views[i]?.select();
  }

  destroy(): void {
    if (this.container) this.container.textContent = '';
    this.map = null;
    this.views = [];
    this.selected = [];
    this.hover = -1;
  }
}
