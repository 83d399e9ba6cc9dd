/**
 * Screen-space marks over the map: the hovered seat, the keyboard focus seat, the hovered section's
 * outline and the selection rectangle while it is dragged. A handful of shapes, redrawn in screen
 * pixels when the camera or the target changes, so line widths never scale with zoom.
 */
import { Container, Graphics } from 'pixi.js';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import { worldToScreen, type CameraState, type Rect } from './Camera';
import { sectionOutline } from './sectionGeometry';

export interface MarkerState {
  hoverSeat: number;
  hoverSection: number;
  focusSeat: number;
  showFocus: boolean;
  seatsVisible: boolean;
  /** Screen rectangle being dragged, or null. */
  marquee: Rect | null;
}

export class MarkerLayer {
  readonly container = new Container({ label: 'markers' });
  private readonly section = new Graphics({ label: 'hover-section' });
  private readonly hover = new Graphics({ label: 'hover-seat' });
  private readonly focus = new Graphics({ label: 'focus-seat' });
  private readonly marquee = new Graphics({ label: 'marquee' });

  constructor(private readonly model: VenueModel) {
    this.container.eventMode = 'none';
    this.container.interactiveChildren = false;
    this.container.addChild(this.section, this.hover, this.focus, this.marquee);
  }

  update(cam: CameraState, s: MarkerState): void {
    this.drawSection(cam, s.seatsVisible ? -1 : s.hoverSection);
    this.drawSeatRing(this.hover, cam, s.seatsVisible && s.hoverSeat !== s.focusSeat ? s.hoverSeat : -1, 0x1b1f24, 1.5, 2);
    this.drawSeatRing(this.focus, cam, s.showFocus ? s.focusSeat : -1, 0x0b57d0, 3, 4);
    this.drawMarquee(s.marquee);
  }

  /** A throwaway shape so the Graphics program gets compiled (see SeatMapScene.warmUp). */
  drawWarmUp(): void {
    this.marquee.clear().circle(-10, -10, 2).fill({ color: 0xffffff }).stroke({ width: 1, color: 0 });
  }

  endWarmUp(): void {
    this.marquee.clear();
  }

  private drawSection(cam: CameraState, section: number): void {
    const g = this.section.clear();
    if (section < 0) return;
    const o = sectionOutline(this.model, section);
    const pts: number[] = new Array(o.length);
    for (let k = 0; k < o.length; k += 2) {
      pts[k] = o[k] * cam.scale + cam.x;
      pts[k + 1] = o[k + 1] * cam.scale + cam.y;
    }
    g.poly(pts, true).fill({ color: 0xffffff, alpha: 0.18 }).stroke({ width: 2.5, color: 0x1b1f24, alpha: 0.9 });
  }

  private drawSeatRing(g: Graphics, cam: CameraState, seat: number, color: number, width: number, gap: number): void {
    g.clear();
    if (seat < 0) return;
    const p = worldToScreen(cam, this.model.seatX[seat], this.model.seatY[seat]);
    const r = Math.max(this.model.seatRadius[seat] * cam.scale, 2) + gap;
    g.circle(p.x, p.y, r + width / 2).stroke({ width: width + 2, color: 0xffffff, alpha: 0.9 });
    g.circle(p.x, p.y, r + width / 2).stroke({ width, color });
  }

  private drawMarquee(rect: Rect | null): void {
    const g = this.marquee.clear();
    if (!rect) return;
    g.rect(rect.minX, rect.minY, rect.maxX - rect.minX, rect.maxY - rect.minY)
      .fill({ color: 0x0b57d0, alpha: 0.12 })
      .stroke({ width: 1, color: 0x0b57d0, alpha: 0.9 });
  }

  destroy(): void {
    this.container.destroy({ children: true });
  }
}
