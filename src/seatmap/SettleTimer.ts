/**
 * "The camera has stopped": runs `onSettle` once, `ms` after the last `restart()`. The engine draws seats at half the
 * resolution while the camera moves and restarts this on every move; when it fires, the full resolution comes back.
 */
export class SettleTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly ms: number, private readonly onSettle: () => void) {}

  /** Whether a settle is still to come. */
  get pending(): boolean {
    return this.timer !== null;
  }

  restart(): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.onSettle();
    }, this.ms);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
