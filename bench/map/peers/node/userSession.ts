/**
 * A short session of real input on our map, for the long-task budget ("main-thread long tasks after the map is
 * ready: none over 50 ms"). The harness's measuring calls block on the GPU on purpose (one pixel read back) and
 * build palettes in the same task, so their long tasks are the bench's, not a user's; this session sends what a
 * user sends, through Chromium's input pipeline: hover sweeps, wheel zooms, a drag, shift-clicks, zoom back out.
 */
import type { Page } from 'playwright-core';
import { VIEWPORT } from './benchBrowser';

interface SeatMapState {
  seatCount: number;
  seatScreenPosition(seat: number): { x: number; y: number };
}

const pause = (page: Page, ms: number) => page.waitForTimeout(ms);

async function sweep(page: Page, moves: number): Promise<void> {
  for (let k = 0; k < moves; k++) {
    const x = VIEWPORT.width * (0.1 + 0.8 * ((k * 0.37) % 1));
    const y = VIEWPORT.height * (0.1 + 0.8 * ((k * 0.61) % 1));
    await page.mouse.move(x, y, { steps: 2 });
    await pause(page, 30);
  }
}

export async function userSession(page: Page): Promise<void> {
  const cx = VIEWPORT.width / 2;
  const cy = VIEWPORT.height / 2;
  await sweep(page, 15);
  await page.mouse.move(cx, cy);
  for (let k = 0; k < 6; k++) {
    await page.mouse.wheel(0, -240);
    await pause(page, 80);
  }
  await page.mouse.down();
  for (let k = 1; k <= 15; k++) await page.mouse.move(cx + k * 12, cy + k * 6);
  await page.mouse.up();
  await pause(page, 200);
  await sweep(page, 15);
  // Shift-click three seats that are on screen now.
  const targets = await page.evaluate(([w, h]) => {
    const m = (window as unknown as { __seatMap?: SeatMapState }).__seatMap;
    const out: { x: number; y: number }[] = [];
    if (!m) return out;
    const step = Math.max(1, Math.floor(m.seatCount / 5000));
    for (let i = 0; i < m.seatCount && out.length < 3; i += step) {
      const p = m.seatScreenPosition(i);
      if (p.x > 40 && p.y > 40 && p.x < w - 40 && p.y < h - 40 && out.every((q) => Math.hypot(q.x - p.x, q.y - p.y) > 80)) out.push(p);
    }
    return out;
  }, [VIEWPORT.width, VIEWPORT.height] as const);
  for (const t of targets) {
    await page.keyboard.down('Shift');
    await page.mouse.click(t.x, t.y);
    await page.keyboard.up('Shift');
    await pause(page, 250);
  }
  await page.mouse.move(cx, cy);
  for (let k = 0; k < 6; k++) {
    await page.mouse.wheel(0, 240);
    await pause(page, 80);
  }
  await pause(page, 500);
}
