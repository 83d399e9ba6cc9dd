/**
 * Wires the map container's pointer, wheel and keyboard input to the engine: camera moves, hover
 * hit-tests (coalesced), clicks, the selection rectangle and keys. The engine passes the few things
 * this needs (`InputHost`); returns what the engine keeps: the hover tracker and a disposer.
 */
import type { Point, Rect } from './Camera';
import type { CameraController } from './CameraController';
import { HoverTracker, type HoverHit } from './HoverTracker';
import { KeyboardInput } from './KeyboardInput';
import { PointerInput } from './PointerInput';
import type { SeatInteraction } from './SeatInteraction';
import type { SelectionMode } from './selectionGesture';
import type { SeatMapIndex } from './types';
import { formatCount } from '../domain/money';

export interface InputHost {
  readonly container: HTMLElement;
  readonly index: SeatMapIndex;
  readonly camera: CameraController;
  readonly interaction: SeatInteraction;
  readonly seatCount: number;
  seatsShown(): boolean;
  screenToWorld(x: number, y: number): Point;
  mode(): SelectionMode;
  hasFocusSeat(): boolean;
  /** Called unbound (the hover tracker's callback, no function in between): an arrow function. */
  readonly setHover: (hit: HoverHit, x: number, y: number) => void;
  /** Where the pointer rests (null while dragging or outside; a reused object: copy it): the engine re-hit-tests it when the map moves. */
  setPointerAt(p: Point | null): void;
  setMarquee(rect: Rect | null): void;
  /** Keyboard use shows the focus ring; pointer use or leaving the map hides it. */
  setKeyboardFocus(on: boolean): void;
  /**
   * A pointer is on the map or moves over it: keep animation frames coming for a while (the next hover's frame costs
   * a flag). Called unbound, as the listener of every move: an arrow function.
   */
  readonly pointerActive: () => void;
}

export interface ConnectedInput {
  hover: HoverTracker;
  destroy(): void;
}

export function connectInput(host: InputHost): ConnectedInput {
  const { container, index, camera, interaction } = host;
  // A move allocates nothing when the index answers at once: the answer and the pointer's point are reused objects
  // (their readers copy what they keep).
  const hit: HoverHit = { seat: -1, section: -1 };
  const at = { x: 0, y: 0 };
  const hover = new HoverTracker(
    (x, y): HoverHit | Promise<HoverHit> => {
      const c = camera.state;
      const wx = (x - c.x) / c.scale;
      const wy = (y - c.y) / c.scale;
      const seat = host.seatsShown() ? index.seatAt(wx, wy) : -1;
      const section = index.sectionAt(wx, wy);
      if (typeof seat === 'number' && typeof section === 'number') {
        hit.seat = seat;
        hit.section = section;
        return hit;
      }
      return Promise.all([seat, section]).then(([s, sec]) => ({ seat: s, section: sec }));
    },
    host.setHover,
  );
  const pointer = new PointerInput(container, {
    active: host.pointerActive,
    pan: (dx, dy) => camera.panBy(dx, dy),
    zoomAt: (x, y, f) => camera.zoomAt(x, y, f),
    hover: (x, y) => {
      at.x = x;
      at.y = y;
      host.setPointerAt(at);
      hover.move(x, y);
    },
    leave: () => {
      host.setPointerAt(null);
      hover.leave();
    },
    click: (x, y, mods) => void interaction.click(x, y, mods),
    marquee: (rect) => host.setMarquee(rect),
    marqueeEnd: (rect, mods) => void interaction.rectangle(rect, mods),
    mode: () => host.mode(),
  });
  const onPointerDown = () => host.setKeyboardFocus(false);
  container.addEventListener('pointerdown', onPointerDown);
  const keyboard = new KeyboardInput(container, {
    move: (dir) => {
      host.setKeyboardFocus(true);
      interaction.move(dir);
    },
    toggle: (row) => {
      host.setKeyboardFocus(true);
      interaction.toggle(row);
    },
    escape: () => {
      pointer.cancelMarquee();
      interaction.escape();
    },
    zoomIn: () => camera.zoomIn(),
    zoomOut: () => camera.zoomOut(),
    fit: () => camera.fit(),
    focusChanged: (focused) => {
      if (!focused) host.setKeyboardFocus(false);
      else if (!host.hasFocusSeat()) {
        const label = container.getAttribute('aria-label') ?? 'Seat map';
        interaction.announce(`${label}, ${formatCount(host.seatCount)} seats. Arrow keys move between seats, Space selects, Shift+Space selects the row, Escape clears the selection.`);
      }
    },
  });
  return {
    hover,
    destroy() {
      hover.destroy();
      pointer.destroy();
      keyboard.destroy();
      container.removeEventListener('pointerdown', onPointerDown);
    },
  };
}
