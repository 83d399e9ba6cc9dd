/**
 * Hover hit-testing against an index that may answer asynchronously (the console's answers in place): at most one query in
 * flight, and only the latest pointer position is asked next, so a fast pointer never queues up work.
 */
export interface HoverHit {
  seat: number;
  section: number;
}

export class HoverTracker {
  private latest: { x: number; y: number } | null = null;
  private inFlight = false;
  private generation = 0;
  private stopped = false;

  constructor(
    private readonly query: (x: number, y: number) => HoverHit | Promise<HoverHit>,
    private readonly onHit: (hit: HoverHit, x: number, y: number) => void,
  ) {}

  move(x: number, y: number): void {
    this.latest = { x, y };
    if (!this.inFlight) void this.drain();
  }

  /** The pointer left (or a drag began): forget pending positions and report nothing under it. */
  leave(): void {
    this.latest = null;
    this.generation++;
    this.onHit({ seat: -1, section: -1 }, 0, 0);
  }

  destroy(): void {
    this.stopped = true;
    this.latest = null;
  }

  private async drain(): Promise<void> {
    this.inFlight = true;
    try {
      while (this.latest && !this.stopped) {
        const { x, y } = this.latest;
        this.latest = null;
        const generation = this.generation;
        const hit = await this.query(x, y);
        if (this.stopped) return;
        if (generation === this.generation) this.onHit(hit, x, y);
      }
    } finally {
      this.inFlight = false;
    }
  }
}
