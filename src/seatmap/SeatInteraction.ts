/**
 * What clicks, rectangles and keys do to the selection and the focus seat, and what gets announced.
 * Hit-tests go to the index (the console's answers in place; an index may also answer asynchronously, so everything here may be async); the selection lives in
 * the SelectionController; the engine supplies the few things this needs through `InteractionHost`.
 */
import type { VenueModel } from '../../workers/venue-map/venueModel';
import { rectFromCorners, type Point, type Rect } from './Camera';
import { firstSeatOfSectionInView, navigate, type NavDirection } from './KeyboardNavigator';
import { describeSeat, describeSelectionCount } from './seatDescription';
import type { SelectionController } from './SelectionController';
import { clickAction, rectOp, type Modifiers } from './selectionGesture';
import type { SeatMapEvents, SeatMapIndex } from './types';

export interface InteractionHost {
  readonly model: VenueModel;
  readonly index: SeatMapIndex;
  readonly selection: SelectionController;
  seatsShown(): boolean;
  screenToWorld(x: number, y: number): Point;
  visibleWorldRect(): Rect;
  focusSeat(): number;
  /** Moves the focus seat (no announcement) and, unless `reveal` is false, brings it into view. */
  moveFocusTo(seat: number, reveal?: boolean): void;
  emit<K extends keyof SeatMapEvents>(name: K, payload: SeatMapEvents[K]): void;
  describeSeatState?: (seat: number) => string | undefined;
  isDestroyed(): boolean;
  /** The caller's selected section (where the first arrow key starts when it is in view), -1 for none. */
  selectedSection?: () => number;
}

export class SeatInteraction {
  constructor(private readonly host: InteractionHost) {}

  /** A click (no drag) at a screen point: select per the modifiers, or report the section. */
  async click(x: number, y: number, mods: Modifiers): Promise<void> {
    const { host } = this;
    const w = host.screenToWorld(x, y);
    const [seat, section] = await Promise.all([host.seatsShown() ? host.index.seatAt(w.x, w.y) : -1, host.index.sectionAt(w.x, w.y)]);
    if (host.isDestroyed()) return;
    if (seat < 0) {
      if (section >= 0) host.emit('sectionClick', { section, additive: mods.shift || mods.ctrl || mods.meta });
      return;
    }
    const action = clickAction(mods);
    const selectable = host.selection.isSelectable(seat);
    host.emit('seatClick', { seat, selectable, shift: mods.shift, toggle: action.op === 'toggle' });
    // The clicked seat is under the pointer: moving the camera now would put the next click somewhere else.
    host.moveFocusTo(seat, false);
    if (action.target === 'row') {
      // A shift-click means the row, whichever of its seats is under the pointer: its selectable seats are selected
      // even when the clicked one is sold (docs/venue-map.md, "Selecting on the map"); a row with none changes nothing.
      if (selectable || host.selection.rowHasSelectable(seat)) {
        host.selection.selectRowOf(seat, action.op);
        this.announceCount();
      } else {
        this.announceSeat(seat);
      }
    } else if (!selectable) {
      this.announceSeat(seat);
    } else {
      host.selection.apply([seat], action.op, true);
      this.announceSeat(seat);
    }
  }

  /** A dragged rectangle (screen) was released. */
  async rectangle(rect: Rect, mods: Modifiers): Promise<void> {
    const { host } = this;
    const a = host.screenToWorld(rect.minX, rect.minY);
    const b = host.screenToWorld(rect.maxX, rect.maxY);
    await host.selection.selectRect(rectFromCorners(a.x, a.y, b.x, b.y), rectOp(mods));
    if (!host.isDestroyed()) this.announceCount();
  }

  /**
   * Arrow keys, Home, End: the first press starts at the first seat of the section in view (the selected one, else
   * the one nearest the middle); at overview with no section chosen it asks for one.
   */
  move(dir: NavDirection): void {
    const { host } = this;
    let seat = host.focusSeat();
    if (seat < 0) {
      const chosen = host.selectedSection?.() ?? -1;
      if (!host.seatsShown() && chosen < 0) {
        this.announce('Choose a section first: click it on the map, or zoom in until seats show.');
        return;
      }
      seat = firstSeatOfSectionInView(host.model, host.visibleWorldRect(), chosen);
      if (seat < 0 && chosen >= 0 && host.model.sectionSeatCount[chosen] > 0) seat = host.model.sectionFirstSeat[chosen];
      if (seat < 0) {
        this.announce('No seats in view: zoom in on a section first.');
        return;
      }
    } else {
      seat = navigate(host.model, seat, dir);
    }
    if (seat < 0) return;
    host.moveFocusTo(seat);
    this.announceSeat(seat);
  }

  /** Space/Enter: toggle the focus seat; with Shift select its row. */
  toggle(row: boolean): void {
    const { host } = this;
    const seat = host.focusSeat();
    if (seat < 0) return this.move('right');
    if (!host.selection.isSelectable(seat)) {
      this.announceSeat(seat);
    } else if (row) {
      host.selection.selectRowOf(seat, 'replace');
      this.announceCount();
    } else {
      host.selection.apply([seat], 'toggle', true);
      this.announceSeat(seat);
    }
  }

  escape(): void {
    if (this.host.selection.clear(true)) this.announce(describeSelectionCount(0));
  }

  announceSeat(seat: number): void {
    const { selection } = this.host;
    this.announce(
      describeSeat(this.host.model, seat, {
        selected: selection.selection.has(seat),
        selectable: selection.isSelectable(seat),
        state: this.host.describeSeatState?.(seat),
      }),
    );
  }

  announce(text: string): void {
    this.host.emit('announce', { text });
  }

  private announceCount(): void {
    this.announce(describeSelectionCount(this.host.selection.selection.count));
  }
}
