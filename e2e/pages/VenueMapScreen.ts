import type { Page } from '@playwright/test';
import { DEMO_EVENTS } from '../../server/db/seed/seedEvents';
import { expect, expectAccessible } from '../fixtures';
import { openInApp } from '../inApp';

/** The seeded events' ids: identities start at 1 in the fresh e2e database, in DEMO_EVENTS order. */
export function seededEventId(name: string): number {
  const index = DEMO_EVENTS.findIndex((e) => e.name === name);
  if (index < 0) throw new Error(`No demo event "${name}"`);
  return index + 1;
}

type Point = { x: number; y: number };

/**
 * Waits until the seat map's camera has stood still over three drawn frames (a zoom that follows the address or a
 * click lands within one or two): any page with the map. Frames, not a sleep: the map draws on change, and
 * nextFrame asks for one.
 */
export async function settleSeatMap(page: Page) {
  await page.evaluate(async () => {
    const map = window.__seatMap!;
    let last = '';
    let still = 0;
    for (let frame = 0; frame < 300 && still < 2; frame++) {
      await map.nextFrame();
      const now = JSON.stringify(map.camera);
      still = now === last ? still + 1 : 0;
      last = now;
    }
  });
}

/** A click on a seat by its index, where the test build's engine draws it, with the given keys held. */
export async function clickSeatOnMap(page: Page, seat: number, modifiers: ('Shift' | 'Control')[] = []) {
  const p = await page.evaluate((s) => window.__seatMap!.seatScreenPosition(s), seat);
  for (const m of modifiers) await page.keyboard.down(m);
  await page.mouse.click(p.x, p.y);
  for (const m of modifiers) await page.keyboard.up(m);
}

/** The venue map page, driven through the engine's exposed state (window.__seatMap), not pixels. */
export class VenueMapScreen {
  constructor(readonly page: Page) {}

  /**
   * Opens the map at its address (a new load), or with `inApp` as the console's links go, in the page already open
   * (e2e/inApp.ts): from another screen, or on the same event's map to another section or the whole venue, where the
   * running engine only moves its camera (a stadium's map loaded again costs ~5 CPU s). A map of another event is not
   * opened in-app here: its engine is replaced, and the one leaving still says ready.
   */
  async open(eventId: number, section?: string, mode?: string, { inApp = false }: { inApp?: boolean } = {}) {
    const path = [`/events/${eventId}/venue-map`, section && encodeURIComponent(section), mode].filter(Boolean).join('/');
    if (!inApp) {
      await this.page.goto(path);
      await this.ready();
      return;
    }
    const from = this.page.url().startsWith('http') ? new URL(this.page.url()).pathname : '';
    const mapOpen = await this.page.evaluate(() => window.__seatMap !== undefined);
    if (mapOpen && !from.startsWith(`/events/${eventId}/venue-map`)) throw new Error(`In-app open of event ${eventId}'s map from another map (${from}): load it instead`);
    await openInApp(this.page, path);
    await expect(this.page).toHaveURL(new RegExp(`/events/${eventId}/venue-map`));
    // The panel names what the address asks for before the map is read: the section, or the whole venue.
    if (section || mapOpen) {
      await expect(this.page.getByRole('complementary', { name: 'Map details' }).getByRole('heading', { name: section ?? 'Whole venue', exact: true })).toBeVisible();
    }
    await this.ready();
  }

  async ready() {
    await this.page.waitForFunction(() => window.__seatMap?.ready === true, null, { timeout: 60_000 });
    await this.settle();
    await expectAccessible(this.page);
  }

  settle() {
    return settleSeatMap(this.page);
  }

  /**
   * Clear selection in the panel, as a person does before turning to another part of the same map: an in-app open
   * keeps the map, and so its selection, which a new load would have dropped.
   */
  async clearSelection() {
    await this.page.getByRole('complementary', { name: 'Map details' }).getByRole('button', { name: 'Clear selection' }).click();
    await expect.poll(async () => (await this.state('selected')).length).toBe(0);
  }

  state<K extends 'selected' | 'focusSeat' | 'hoverSeat' | 'hoverSection' | 'selectedSection' | 'camera' | 'seatCount' | 'lastAnnouncement' | 'seatsVisible'>(key: K) {
    return this.page.evaluate((k) => (window.__seatMap as unknown as Record<string, unknown>)[k], key) as Promise<
      K extends 'selected' ? number[] : K extends 'camera' ? { x: number; y: number; scale: number } : K extends 'lastAnnouncement' ? string : K extends 'seatsVisible' ? boolean : number
    >;
  }

  seatPosition(seat: number): Promise<Point> {
    return this.page.evaluate((s) => window.__seatMap!.seatScreenPosition(s), seat);
  }

  /** Puts the pointer on the seat where it is drawn now, again while the camera still moves (a zoom or focus easing). */
  async hoverSeat(seat: number) {
    await expect.poll(async () => {
      const p = await this.seatPosition(seat);
      await this.page.mouse.move(p.x, p.y);
      return this.state('hoverSeat');
    }).toBe(seat);
  }

  clickSeat(seat: number, modifiers: ('Shift' | 'Control')[] = []) {
    return clickSeatOnMap(this.page, seat, modifiers);
  }

  /** Shift+drag: a rectangle selection between two screen points. */
  async dragRectangle(from: Point, to: Point) {
    await this.page.keyboard.down('Shift');
    await this.page.mouse.move(from.x, from.y);
    await this.page.mouse.down();
    await this.page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await this.page.mouse.move(to.x, to.y, { steps: 4 });
    await this.page.mouse.up();
    await this.page.keyboard.up('Shift');
  }

  /**
   * A plain drag pans; midway (the button still down) it answers whether the map was drawn at the reduced
   * resolution then, as the engine draws while the camera moves.
   */
  /**
   * Drags the map by `by` in steps; true when the pan drew frames at the reduced resolution. Counted by the engine
   * rather than read midway: the full resolution returns 120 ms after the last move, and a loaded machine let that
   * pass between a move and the read.
   */
  async panDrawsReduced(from: Point, by: Point): Promise<boolean> {
    const before = await this.page.evaluate(() => window.__seatMap!.reducedFrames);
    await this.page.mouse.move(from.x, from.y);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + by.x, from.y + by.y, { steps: 12 });
    await this.page.mouse.up();
    return (await this.page.evaluate(() => window.__seatMap!.reducedFrames)) > before;
  }

  canvas() {
    return this.page.getByRole('application', { name: /Seat map of/ });
  }

  tooltip() {
    return this.page.getByRole('tooltip');
  }
}

/** The pricing side of the venue map page. */
export class PricingPanelScreen {
  constructor(readonly page: Page) {}

  panel() {
    return this.page.getByRole('complementary', { name: 'Map details' });
  }

  /** A figure of the stats card ("Priced", "Hidden", ...), as a number. */
  async stat(label: string): Promise<number> {
    const text = await this.panel().locator('table.venue-map-stats').first().getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell').innerText();
    return Number(text.replace(/\s/g, ''));
  }

  async priceFor(type: string, price: string) {
    await this.panel().getByLabel(`${type} price (SEK)`).fill(price);
  }

  /** Saves and waits for the confirmation (a selection of the whole stadium takes seconds: pass a longer timeout). */
  async save(timeout?: number) {
    await this.panel().getByRole('button', { name: 'Save prices' }).click();
    await expect(this.page.getByText(/Prices (saved|released)/).last()).toBeVisible({ timeout });
  }

  button(name: string) {
    return this.panel().getByRole('button', { name, exact: true });
  }
}

/** The map's reading aids (labels, zoom buttons, selection display, reopen), read from the engine's exposed state. */
export class MapViewScreen extends VenueMapScreen {
  /** Labels the engine drew in its last frame. */
  labels() {
    return this.page.evaluate(() => window.__seatMap!.labels);
  }

  view() {
    return this.page.evaluate(() => ({
      seatsInView: window.__seatMap!.seatsInView,
      seatsVisible: window.__seatMap!.seatsVisible,
      labels: window.__seatMap!.labels,
      selectionShownBy: window.__seatMap!.selectionShownBy,
      selectionRings: window.__seatMap!.selectionRings,
      selectionOverlayRings: window.__seatMap!.selectionOverlayRings,
      selected: window.__seatMap!.selected.length,
    }));
  }

  async zoomIn() {
    await this.page.getByRole('button', { name: 'Zoom in' }).click();
    await this.settle();
  }

  selectionCard() {
    return this.page.getByRole('complementary', { name: 'Map details' }).locator('.venue-map-selection');
  }

  eventMenu() {
    return this.page.getByRole('navigation', { name: 'Event' });
  }

  /** Whether the page's worker served the map from the browser's model cache (no parse). */
  modelFromCache() {
    return this.page.evaluate(() => performance.getEntriesByName('venue-map:model-from-cache').length);
  }
}
