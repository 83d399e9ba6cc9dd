/**
 * The scene graph on a SeatMapRenderer's stage: a world container (section fills and edges, the seat
 * mesh, selection and marker rings) under screen-space marks (the selection rectangle). It draws when
 * told to; deciding when and what is the engine's job.
 */
import { Container } from 'pixi.js';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { CameraState, Rect } from './Camera';
import { hexToRgba } from './colors';
import { MarkerLayer } from './MarkerLayer';
import { SeatLayer } from './SeatLayer';
import { SectionLayer } from './SectionLayer';
import { RingLayer, type RingStyle } from './RingLayer';
import type { SeatMapRenderer } from './SeatMapRenderer';
import { twoSeatVenue } from './twoSeatVenue';

/** Selected seats: a thick accent ring outside a white band (hover is a thin grey ring, keyboard focus a dark one). */
const SELECTED: RingStyle = { color: hexToRgba('#2d72d2'), widthPx: 2.5 };

export class SeatMapScene {
  readonly seats: SeatLayer;
  readonly sections: SectionLayer;
  readonly selection: RingLayer;
  readonly markers: MarkerLayer;
  private readonly world = new Container({ label: 'world' });

  /** Builds the layers for `model` on the renderer's stage. */
  constructor(private readonly renderer: SeatMapRenderer, model: VenueModel) {
    this.sections = new SectionLayer(model, hexToRgba(renderer.background));
    this.seats = new SeatLayer(model);
    this.selection = new RingLayer(model, 'selection');
    this.markers = new MarkerLayer(model);
    this.world.eventMode = 'none';
    this.world.addChild(this.sections.container, this.seats.mesh, this.selection.mesh, this.markers.rings.mesh);
    const stage = renderer.stage;
    stage.eventMode = 'none';
    stage.addChild(this.world, this.markers.screen);
  }

  /**
   * Compiles every program and pipeline the map uses by drawing a two-seat venue with all layers on
   * (software GL compiles on first draw: 50-150 ms a program), then removes it. Run while the real venue
   * is still being parsed.
   */
  static precompile(renderer: SeatMapRenderer): void {
    const scene = new SeatMapScene(renderer, twoSeatVenue());
    scene.setCamera({ x: 0, y: 0, scale: 1 }, { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 });
    scene.setSeatsShown(true, true);
    scene.showSelection(Uint32Array.of(0));
    scene.markers.update({ hoverSeat: 1, focusSeat: 0, showFocus: true, seatsVisible: true, marquee: { minX: 0, minY: 0, maxX: 4, maxY: 4 } });
    renderer.render();
    scene.destroy();
    renderer.render();
    renderer.precompiled = true;
  }

  /** Moves the world under the camera; `view` (map units) is what seat culling keeps, null when seats are off. */
  setCamera(c: CameraState, seatView: Rect | null): void {
    this.world.position.set(c.x, c.y);
    this.world.scale.set(c.scale);
    this.sections.setPixelScale(c.scale);
    const devicePx = c.scale * this.renderer.pixelRatio;
    this.seats.setPixelScale(devicePx);
    this.selection.setPixelScale(devicePx);
    this.markers.setPixelScale(devicePx);
    if (seatView) this.seats.cull(seatView);
  }

  /** Rings the selected seats. */
  showSelection(seats: Uint32Array): void {
    this.selection.setSeats(seats, () => SELECTED);
  }

  setSeatsShown(shown: boolean, tintSections: boolean): void {
    this.seats.setVisible(shown);
    this.sections.setSeatsShown(shown, tintSections);
  }

  /**
   * Compiles the programs the first frame may not have used (seats at overview, rings), one a call so no
   * task runs long: software GL compiles on first draw, better now than on the first zoom-in, selection
   * or hover. Each step draws one throwaway instance with the real frame. False when no steps are left.
   */
  warmUpStep(step: number, selected: Uint32Array): boolean {
    if (step === 0) {
      this.seats.beginWarmUp();
    }
    else if (step === 1 && this.seats.seatCount > 0) this.showSelection(Uint32Array.of(0));
    else return false;
    this.render();
    if (step === 0) this.seats.endWarmUp();
    else this.showSelection(selected);
    return true;
  }

  render(): void {
    this.renderer.render();
  }

  destroy(): void {
    this.seats.destroy();
    this.sections.destroy();
    this.selection.destroy();
    this.markers.destroy();
    this.world.destroy();
  }
}
