/**
 * Probe: does a frame drawn from the cached view (the camera moving over small seats) look like the frame at rest?
 * Opens the harness at each size and width, every seat drawn at whole-venue zoom, lets the camera settle (the cached
 * view is drawn then), moves the camera and reads the WebGL canvas back in the same task (the moving frame), then
 * lets it settle at that camera and reads the frame at rest. Writes both as PNGs and prints how many pixels differ
 * (any channel by more than 8 of 255) and the largest difference. Three moves: a pure pan by whole pixels (the cached
 * texels land on the screen's pixels), a pan with 4 % of zoom (the texture resampled), and a pure pan in whose frame
 * every seat is re-coloured (a live change while moving must show in that very frame).
 *
 *   npx vite build --config bench/map/harness/vite.config.ts --outDir DIR
 *   npx tsx bench/map/probes/cachedViewShots.ts --dist=DIR --out=DIR [--sizes=20000,200000] [--widths=1440,600]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { launchBrowser, serveStatic } from '../peers/node/benchBrowser';

function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return {
    dist: path.resolve(get('dist') ?? 'bench/map/harness/dist'),
    out: path.resolve(get('out') ?? '.tmp/cached-view-shots'),
    sizes: (get('sizes') ?? '20000,200000').split(',').map(Number),
    widths: (get('widths') ?? '1440,600').split(',').map(Number),
  };
}

interface Shot { moving: string; rest: string; diff: string; cached: boolean; reduced: boolean; differing: number; maxDiff: number; pixels: number }

/** In the page: move, read the moving frame, settle, read the frame at rest, compare. */
const SHOOT = `async ([dx, dy, zoom, recolour]) => {
  const e = window.__engine;
  const canvas = e.container.querySelector('canvas');
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  e.setLevelOfDetail({ minSeatRadiusPx: 0, seatBudget: Infinity });
  e.fitToVenue();
  e.renderNow();
  await wait(800);
  const c = e.camera;
  e.setCamera({ x: c.x + dx, y: c.y + dy, scale: c.scale * zoom });
  if (recolour) window.__bench.recolorAll();
  e.renderNow();
  const cached = e.drawnCached;
  // A moving camera draws at half the resolution into the canvas's top-left quarter, shown twice as large (a CSS
  // transform): the moving frame is that quarter scaled up as the page shows it.
  const reduced = e.drawnReduced;
  const moving = reduced ? (() => {
    const up = document.createElement('canvas');
    up.width = canvas.width;
    up.height = canvas.height;
    up.getContext('2d').drawImage(canvas, 0, 0, canvas.width / 2, canvas.height / 2, 0, 0, canvas.width, canvas.height);
    return up.toDataURL('image/png');
  })() : canvas.toDataURL('image/png');
  await wait(400);
  e.renderNow();
  const rest = canvas.toDataURL('image/png');
  const pixels = async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    const c2 = document.createElement('canvas');
    c2.width = img.width;
    c2.height = img.height;
    const g = c2.getContext('2d');
    g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, img.width, img.height).data;
  };
  const a = await pixels(moving);
  const b = await pixels(rest);
  let differing = 0;
  let maxDiff = 0;
  const marks = document.createElement('canvas');
  marks.width = canvas.width;
  marks.height = canvas.height;
  const mg = marks.getContext('2d');
  const out = mg.createImageData(canvas.width, canvas.height);
  for (let i = 0; i < a.length; i += 4) {
    const d = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]));
    if (d > 8) differing++;
    if (d > maxDiff) maxDiff = d;
    const v = d > 8 ? 0 : 255;
    out.data.set([255, v, v, 255], i);
  }
  mg.putImageData(out, 0, 0);
  e.setLevelOfDetail({});
  return { moving, rest, diff: marks.toDataURL('image/png'), cached, reduced, differing, maxDiff, pixels: a.length / 4 };
}`;

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  mkdirSync(o.out, { recursive: true });
  const server = await serveStatic({ h: o.dist });
  const browser = await launchBrowser('webgl');
  console.log(`cached view against the frame at rest; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  try {
    for (const seats of o.sizes) {
      for (const width of o.widths) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        try {
          await page.goto(`${server.url('h')}index.html?seats=${seats}`);
          await page.waitForFunction(() => (window as unknown as { __benchOpen?: unknown }).__benchOpen !== undefined, undefined, { timeout: 60_000 });
          for (const [name, move] of [['pan', [37, 11, 1, false]], ['pan-zoom', [37, 11, 1.04, false]], ['pan-recolour', [37, 11, 1, true]]] as const) {
            const shot = (await page.evaluate(`(${SHOOT})(${JSON.stringify(move)})`)) as Shot;
            const base = path.join(o.out, `${seats}-${width}-${name}`);
            writeFileSync(`${base}-moving.png`, Buffer.from(shot.moving.split(',')[1]!, 'base64'));
            writeFileSync(`${base}-rest.png`, Buffer.from(shot.rest.split(',')[1]!, 'base64'));
            writeFileSync(`${base}-diff.png`, Buffer.from(shot.diff.split(',')[1]!, 'base64'));
            console.log(
              `  ${seats.toLocaleString('en-US')} seats, ${width} px, ${name}: drawn from the cache ${shot.cached}, at half the resolution ${shot.reduced}; ${shot.differing} of ${shot.pixels} pixels differ by more than 8/255 (${((shot.differing / shot.pixels) * 100).toFixed(2)} %), largest difference ${shot.maxDiff}`,
            );
          }
          await page.screenshot({ path: path.join(o.out, `${seats}-${width}-page-rest.png`) });
        } finally {
          await page.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
