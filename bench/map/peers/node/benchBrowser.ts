/**
 * What the map bench runs its pages in: Debian Chromium with one of two flag profiles, and a loopback static
 * server for the built harness and peer pages. Node side only (bench/map/runMapBench.ts).
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../../../e2e/e2eEnv';

export type FlagProfile = 'webgl' | 'peers';

/**
 * `webgl`: the house flags (software WebGL through SwiftShader) the seat map is built for.
 * `peers`: the SVG and canvas peers' best case on this machine kind: SVG and 2D canvas rasterised in software on
 * the CPU rather than through SwiftShader-emulated GPU rasterisation. Our map runs under both, so every ratio
 * compares pages in the same browser with the same flags.
 */
export const FLAG_PROFILES: Record<FlagProfile, string[]> = {
  webgl: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
  peers: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--disable-gpu-rasterization', '--disable-accelerated-2d-canvas'],
};

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Every page gets the same window; 1280×800 like the Playwright flows, device pixel ratio 1. */
export const VIEWPORT = { width: 1280, height: 800 };

export function launchBrowser(profile: FlagProfile): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAG_PROFILES[profile] });
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

export interface StaticServer {
  /** Base URL of a mounted directory, e.g. `url('harness')` → http://127.0.0.1:PORT/harness/ */
  url(mount: string): string;
  close(): Promise<void>;
}

/** A mount served by code: answers a path under it (e.g. '20000.svg') with a body and its headers, or null (404). */
export type DynamicMount = (file: string) => { body: string; headers: Record<string, string> } | null;

/**
 * Every answer makes its page cross-origin isolated (COOP `same-origin` + COEP `require-corp`; everything a page
 * loads comes from this same origin, its worker included). Only then does Chromium give `performance.now()` its
 * fine steps (5 µs) instead of 0.1 ms: the hover figure, tens of microseconds a move, was a few clock steps before
 * (docs/venue-map-journal.md "Hover at 20k"). Our pages and the peers' are served alike, so every renderer gets the same clock.
 */
export const ISOLATION_HEADERS: Record<string, string> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Serves built pages from `mounts` (URL prefix → directory, or code) on 127.0.0.1 and a free port; `isolated: false`
 * leaves the isolation headers out (the coarse clock, for comparing with figures taken before).
 */
export async function serveStatic(
  mounts: Record<string, string | DynamicMount>,
  { isolated = true }: { isolated?: boolean } = {},
): Promise<StaticServer> {
  const isolation = isolated ? ISOLATION_HEADERS : {};
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, mount, ...rest] = decodeURIComponent(url.pathname).split('/');
    const root = mount ? mounts[mount] : undefined;
    if (typeof root === 'function') {
      const answer = root(rest.join('/'));
      if (!answer) res.writeHead(404).end();
      else res.writeHead(200, { ...isolation, ...answer.headers, 'content-length': Buffer.byteLength(answer.body) }).end(answer.body);
      return;
    }
    const file = root ? path.resolve(root, rest.join('/') || 'index.html') : '';
    if (!root || !file.startsWith(path.resolve(root))) {
      res.writeHead(404).end();
      return;
    }
    let size = 0;
    try {
      const st = statSync(file);
      if (!st.isFile()) throw new Error('not a file');
      size = st.size;
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { ...isolation, 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream', 'content-length': size });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (mount) => `http://127.0.0.1:${port}/${mount}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
