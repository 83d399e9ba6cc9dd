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
  setHover(hit: HoverHit, x: number, y: number): void;
  /** Where the pointer rests (null while dragging or outside): the engine re-hit-tests it when the map moves. */
  setPointerAt(p: Point | null): void;
  setMarquee(rect: Rect | null): void;
  /** Keyboard use shows the focus ring; pointer use or leaving the map hides it. */
  setKeyboardFocus(on: boolean): void;
}

export interface ConnectedInput {
  hover: HoverTracker;
  destroy(): void;
}

export function connectInput(host: InputHost): ConnectedInput {
  const { container, index, camera, interaction } = host;
  const hover = new HoverTracker(
    (x, y): HoverHit | Promise<HoverHit> => {
      const w = host.screenToWorld(x, y);
      const seat = host.seatsShown() ? index.seatAt(w.x, w.y) : -1;
      const section = index.sectionAt(w.x, w.y);
      if (typeof seat === 'number' && typeof section === 'number') return { seat, section };
      return Promise.all([seat, section]).then(([s, sec]) => ({ seat: s, section: sec }));
    },
    (hit, x, y) => host.setHover(hit, x, y),
  );
  const pointer = new PointerInput(container, {
    pan: (dx, dy) => camera.panBy(dx, dy),
    zoomAt: (x, y, f) => camera.zoomAt(x, y, f),
    hover: (x, y) => {
      host.setPointerAt({ x, y });
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
