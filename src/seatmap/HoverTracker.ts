/**
 * Hover hit-testing against an index that may answer asynchronously: at most one query in flight, and only the
 * latest pointer position is asked next, so a fast pointer never queues up work. An index that answers at once
 * (the console's, queried in place) is reported within the pointer event itself: no promise, no microtask.
 */
export interface HoverHit {
  seat: number;
  section: number;
}

export class HoverTracker {
  /** The latest position not asked yet (kept in fields: a move allocates nothing). */
  private hasLatest = false;
  private latestX = 0;
  private latestY = 0;
  private inFlight = false;
  private generation = 0;
  private stopped = false;

  constructor(
    private readonly query: (x: number, y: number) => HoverHit | Promise<HoverHit>,
    private readonly onHit: (hit: HoverHit, x: number, y: number) => void,
  ) {}

  move(x: number, y: number): void {
    this.hasLatest = true;
    this.latestX = x;
    this.latestY = y;
    if (!this.inFlight) this.drain();
  }

  /** The pointer left (or a drag began): forget pending positions and report nothing under it. */
  leave(): void {
    this.hasLatest = false;
    this.generation++;
    this.onHit({ seat: -1, section: -1 }, 0, 0);
  }

  destroy(): void {
    this.stopped = true;
    this.hasLatest = false;
  }

  private drain(): void {
    this.inFlight = true;
    let waiting = false;
    try {
      while (this.hasLatest && !this.stopped) {
        const x = this.latestX;
        const y = this.latestY;
        this.hasLatest = false;
        const generation = this.generation;
        const answer = this.query(x, y);
        if (answer instanceof Promise) {
          waiting = true;
          void this.settle(answer, x, y, generation);
          return;
        }
        if (generation === this.generation) this.onHit(answer, x, y);
      }
    } finally {
      if (!waiting) this.inFlight = false;
    }
  }

  private async settle(answer: Promise<HoverHit>, x: number, y: number, generation: number): Promise<void> {
    try {
      const hit = await answer;
      if (!this.stopped && generation === this.generation) this.onHit(hit, x, y);
    } finally {
      this.inFlight = false;
    }
    if (this.hasLatest && !this.stopped) this.drain();
  }
}
