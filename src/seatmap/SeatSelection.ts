/**
 * The set of selected seats as a byte mask (one byte a seat), so membership is O(1), a 200k-seat row or
 * rectangle applies in one loop, and the sorted list is built only when someone asks for it.
 */
export type SelectionOp = 'replace' | 'add' | 'toggle' | 'remove';

export class SeatSelection {
  readonly mask: Uint8Array;
  private countValue = 0;
  /** Bumped on every change; layers and caches compare it. */
  version = 0;
  private cachedList: Uint32Array | null = null;

  constructor(readonly seatCount: number) {
    this.mask = new Uint8Array(seatCount);
  }

  get count(): number {
    return this.countValue;
  }

  has(seat: number): boolean {
    return this.mask[seat] === 1;
  }

  /**
   * Applies `op` with `seats`; seats whose `selectable` byte is 0 are never added (they may still be
   * removed). Returns whether anything changed.
   */
  apply(seats: ArrayLike<number>, op: SelectionOp, selectable?: Uint8Array | null): boolean {
    const mask = this.mask;
    const n = this.seatCount;
    let changed = false;
    if (op === 'replace') {
      const previous = this.toArray();
      for (let k = 0; k < previous.length; k++) mask[previous[k]] = 0;
      let count = 0;
      for (let k = 0; k < seats.length; k++) {
        const s = seats[k];
        if (s < 0 || s >= n || mask[s] === 1 || (selectable && selectable[s] === 0)) continue;
        mask[s] = 1;
        count++;
      }
      this.countValue = count;
      changed = count !== previous.length;
      for (let k = 0; !changed && k < previous.length; k++) changed = mask[previous[k]] !== 1;
    } else {
      let count = this.countValue;
      for (let k = 0; k < seats.length; k++) {
        const s = seats[k];
        if (s < 0 || s >= n) continue;
        const on = mask[s] === 1;
        let want: boolean;
        if (op === 'add') want = true;
        else if (op === 'remove') want = false;
        else want = !on;
        if (want === on) continue;
        if (want && selectable && selectable[s] === 0) continue;
        mask[s] = want ? 1 : 0;
        count += want ? 1 : -1;
        changed = true;
      }
      this.countValue = count;
    }
    if (changed) this.touch();
    return changed;
  }

  clear(): boolean {
    const changed = this.clearMask();
    this.countValue = 0;
    if (changed) this.touch();
    return changed;
  }

  /** Drops selected seats that became unselectable. */
  restrictTo(selectable: Uint8Array): boolean {
    if (this.countValue === 0) return false;
    const mask = this.mask;
    let count = this.countValue;
    let changed = false;
    for (let s = 0; s < this.seatCount; s++) {
      if (mask[s] === 1 && selectable[s] === 0) {
        mask[s] = 0;
        count--;
        changed = true;
      }
    }
    this.countValue = count;
    if (changed) this.touch();
    return changed;
  }

  /** Selected seat indexes, ascending. The same array is returned until the selection changes. */
  toArray(): Uint32Array {
    if (this.cachedList) return this.cachedList;
    const out = new Uint32Array(this.countValue);
    if (this.countValue > 0) {
      const mask = this.mask;
      let k = 0;
      for (let s = 0; s < this.seatCount; s++) if (mask[s] === 1) out[k++] = s;
    }
    this.cachedList = out;
    return out;
  }

  private clearMask(): boolean {
    if (this.countValue === 0) return false;
    if (this.cachedList && this.cachedList.length < this.seatCount / 64) {
      for (const s of this.cachedList) this.mask[s] = 0;
    } else {
      this.mask.fill(0);
    }
    return true;
  }

  private touch(): void {
    this.version++;
    this.cachedList = null;
  }
}
