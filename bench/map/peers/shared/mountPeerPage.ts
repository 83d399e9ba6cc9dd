/**
 * A peer page: mounts one renderer full-window and publishes `window.__bench` (peerBench.ts). Like the harness,
 * `?seats=N` opens a venue at load (result in `window.__benchOpen`), `?open=0` waits for `__bench.open(seats)`.
 */
import { createPeerBench, type PeerBenchApi, type PeerOpenResult } from './peerBench';
import type { PeerRenderer } from './PeerRenderer';

/** How Node-side code and the live page see a peer page's globals. */
export interface PeerWindow {
  __bench?: PeerBenchApi;
  __benchOpen?: PeerOpenResult;
  __benchError?: string;
}

export function mountPeerPage(renderer: PeerRenderer): PeerBenchApi {
  const container = document.getElementById('map') as HTMLElement;
  const status = document.getElementById('status') as HTMLElement;
  const api = createPeerBench(renderer, container);
  const w = window as unknown as PeerWindow;
  w.__bench = api;
  const params = new URLSearchParams(location.search);
  if (params.get('open') !== '0') {
    const seats = Number(params.get('seats') ?? 20000);
    api
      .open(Number.isFinite(seats) && seats > 0 ? Math.floor(seats) : 20000)
      .then((r) => {
        w.__benchOpen = r;
        status.textContent = `${renderer.id}: ${r.seats.toLocaleString('en')} seats, pixels on screen after ${Math.round(r.firstFrameMs)} ms`;
      })
      .catch((err: unknown) => {
        w.__benchError = String(err instanceof Error ? err.stack ?? err.message : err);
        status.textContent = `Failed: ${w.__benchError}`;
      });
  }
  return api;
}
