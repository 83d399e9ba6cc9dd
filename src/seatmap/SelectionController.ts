/**
 * Turns selection intents (a clicked seat, a row, a rectangle, a key) into changes of the selection,
 * asking the index for rectangles (rows come from the model) and honouring the caller's `selectable` mask, then shows the
 * result through `show` (the selection rings). Reports changes through one callback.
 */
import { rowSeatsOf, type VenueModel } from '../../workers/venue-map/venueModel';
import { SeatSelection, type SelectionOp } from './SeatSelection';
import type { SeatMapIndex } from './types';
import type { Rect } from './Camera';

export class SelectionController {
  readonly selection: SeatSelection;
  private selectable: Uint8Array | null = null;
  /** Set when the engine is destroyed: answers still on their way from the worker change nothing. */
  private disposed = false;

  constructor(
    private readonly model: VenueModel,
    private readonly index: SeatMapIndex,
    private readonly show: (selected: Uint32Array) => void,
    private readonly onChange: (selected: Uint32Array, byUser: boolean) => void,
  ) {
    this.selection = new SeatSelection(model.seatCount);
  }

  isSelectable(seat: number): boolean {
    return seat >= 0 && seat < this.selection.seatCount && (!this.selectable || this.selectable[seat] !== 0);
  }

  /** 1 = may be selected, 0 = hidden/unselectable; null = every seat. Drops selected seats that no longer may be. */
  setSelectable(mask: Uint8Array | null): void {
    if (mask && mask.length !== this.selection.seatCount) throw new Error(`selectable mask needs ${this.selection.seatCount} bytes, got ${mask.length}`);
    this.selectable = mask;
    if (mask && !this.disposed && this.selection.restrictTo(mask)) this.changed(true);
  }

  apply(seats: ArrayLike<number>, op: SelectionOp, byUser: boolean): boolean {
    if (this.disposed) return false;
    const changed = this.selection.apply(seats, op, this.selectable);
    if (changed) this.changed(byUser);
    return changed;
  }

  /** Replaces the selection without telling the caller (they set it). */
  set(seats: ArrayLike<number>): void {
    this.apply(seats, 'replace', false);
  }

  dispose(): void {
    this.disposed = true;
  }

  clear(byUser: boolean): boolean {
    if (this.disposed) return false;
    const changed = this.selection.clear();
    if (changed) this.changed(byUser);
    return changed;
  }

  /** Whether any seat of `seat`'s row may be selected. */
  rowHasSelectable(seat: number): boolean {
    const row = rowSeatsOf(this.model, seat);
    for (let k = 0; k < row.length; k++) if (this.isSelectable(row[k])) return true;
    return false;
  }

  /** Synchronous: rows are contiguous in the model, so no index query is needed. */
  selectRowOf(seat: number, op: SelectionOp): boolean {
    return this.apply(rowSeatsOf(this.model, seat), op, true);
  }

  async selectRect(world: Rect, op: SelectionOp): Promise<boolean> {
    const seats = await this.index.seatsInRect(world.minX, world.minY, world.maxX, world.maxY);
    return this.apply(seats, op, true);
  }

  private changed(byUser: boolean): void {
    const list = this.selection.toArray();
    this.show(list);
    this.onChange(list, byUser);
  }
}
