/**
 * Live frame times: an animation-frame loop keeps the last intervals and draws them as a strip chart a few times a
 * second (not every frame: a DOM or canvas update each frame would add paint work to the frames it measures).
 */
const KEEP = 240;

export class FrameMeter {
  private readonly intervals: number[] = [];
  private last = 0;
  private raf = 0;
  private timer = 0;

  constructor(private readonly chart: HTMLCanvasElement, private readonly readout: HTMLElement) {}

  start(): void {
    const tick = (now: number) => {
      if (this.last) this.intervals.push(now - this.last);
      if (this.intervals.length > KEEP) this.intervals.shift();
      this.last = now;
      this.raf = requestAnimationFrame(tick);
    };
    this.raf = requestAnimationFrame(tick);
    this.timer = window.setInterval(() => this.draw(), 250);
  }

  stop(): void {
    cancelAnimationFrame(this.raf);
    clearInterval(this.timer);
  }

  private draw(): void {
    const v = this.intervals;
    if (v.length === 0) return;
    const sorted = [...v].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
    const recent = v.slice(-30);
    const mean = recent.reduce((a, b) => a + b, 0) / recent.length;
    this.readout.textContent = `${(1000 / mean).toFixed(0)} fps · last ${v[v.length - 1].toFixed(1)} ms · p95 ${p95.toFixed(1)} ms (last ${v.length} frames)`;
    const ctx = this.chart.getContext('2d');
    if (!ctx) return;
    const { width: w, height: h } = this.chart;
    const top = Math.max(50, Math.min(1000, sorted[sorted.length - 1]));
    ctx.clearRect(0, 0, w, h);
    for (const [ms, color] of [[16.7, '#15803d'], [33, '#d9822b'], [100, '#b91c1c']] as const) {
      if (ms > top) continue;
      const y = h - (ms / top) * h;
      ctx.fillStyle = color;
      ctx.fillRect(0, y, w, 1);
    }
    const bw = w / KEEP;
    ctx.fillStyle = '#0b57d0';
    v.forEach((ms, i) => {
      const bh = Math.max(1, (Math.min(ms, top) / top) * h);
      ctx.fillRect(w - (v.length - i) * bw, h - bh, Math.max(1, bw - 0.5), bh);
    });
  }
}
