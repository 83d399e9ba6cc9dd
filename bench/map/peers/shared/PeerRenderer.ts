/**
 * What each peer renderer implements so one bench API (peerBench.ts) can drive all of them the same way as
 * the harness drives our engine: same venue model, same colours, same camera path.
 */
import type { CameraState } from '../../../../src/seatmap/Camera';
import type { VenueModel } from '../../../../workers/venue-map/venueModel';

export interface PeerRenderer {
  /** Short id used in metric names: svg_dom, seatmap_canvas, canvas2d. */
  readonly id: string;
  /** How long the peer's own CSS transitions run after a camera or zoom-level change (waited out, untimed). */
  readonly transitionMs?: number;
  /** Converts the venue into the peer's own input format before the clock starts (an API payload stand-in). */
  prepare?(model: VenueModel, seatColors: Uint32Array, selectable: Uint8Array): void;
  /** Builds the scene for `model` inside `container` and starts the first frame (synchronous JS). */
  mount(container: HTMLElement, model: VenueModel, seatColors: Uint32Array): void;
  /** Moves the camera (screen = world × scale + (x, y), CSS pixels) and does whatever the peer does for it. */
  setCamera(camera: CameraState): void;
  /** Writes new seat colours (the data change); returns nothing, drawing is the peer's business. */
  setColors(seatColors: Uint32Array): void;
  /**
   * Draws what changed now, if the peer draws itself (a canvas); DOM peers return false (the browser draws
   * them on the next frame).
   */
  drawNow(): boolean;
  /** The seat under the client point as the peer finds it (DOM hit test, a scan), or -1. */
  seatAt(clientX: number, clientY: number): number;
  /**
   * Puts the peer in its seat-level interaction state at the current camera (untimed), for peers that only
   * hover and click seats there (seatmap-canvas after a click into a block).
   */
  focusSeats?(): void;
  /** Shows `seat` hovered (-1: none). */
  setHover(seat: number): void;
  /** Replaces the selection with these seats and shows it. */
  select(seats: ArrayLike<number>): void;
  destroy(): void;
}
