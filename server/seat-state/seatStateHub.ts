import type { SeatStates } from '../../src/contracts/reservations';
import type { Db } from '../db/database';
import { seatStatesSince } from './seatStates';
import { SEAT_STATE_CHANNEL } from './seatVersions';

/** Bursts of commits on one event are read as one delta: at most one read per event this often. */
const READ_GAP_MS = 25;

interface Listener {
  /** The last version this listener was sent (undefined: none yet). */
  version: number | undefined;
  send(states: SeatStates): void;
}

interface EventFeed {
  listeners: Set<Listener>;
  /** The newest version announced for the event (NOTIFY); a read is due while a listener is behind it. */
  announced: number;
  reading: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Pushes seat-state changes to the open maps of this process (GET api/events/{id}/seat-stream). Every write that
 * changes a place announces `<event>:<version>` at commit (seatVersions.ts, NOTIFY), from whichever API process made
 * it. The hub reads the delta once per event and version range (seatStatesSince, the same answer the poll gives) and
 * sends it to every listener at that version: 200 maps on one event cost one read per burst, not 200. A notification
 * is only a hint: the versioned delta is the truth, so a missed one costs latency, never a change (a listener whose
 * connection was lost, or a LISTEN connection made again, reads from its own version).
 */
export class SeatStateHub {
  private readonly feeds = new Map<number, EventFeed>();
  private unlisten: Promise<() => Promise<void>> | null = null;

  constructor(private readonly db: Db, private readonly log: (line: string) => void = console.warn) {}

  /**
   * Follows an event from `since` (a version the listener has; undefined: from now). The first message says the
   * version now and, when `since` is behind, what changed after it (or `reload`). Returns the stop function.
   */
  async subscribe(eventId: number, since: number | undefined, send: (states: SeatStates) => void): Promise<() => void> {
    this.unlisten ??= this.db.listen(SEAT_STATE_CHANNEL, (payload) => this.announced(payload), () => this.resync());
    await this.unlisten;
    const feed = this.feeds.get(eventId) ?? { listeners: new Set<Listener>(), announced: 0, reading: false };
    this.feeds.set(eventId, feed);
    const listener: Listener = { version: since, send };
    feed.listeners.add(listener);
    // First message: from its own version, whatever the others are at.
    const first = await seatStatesSince(this.db, eventId, since);
    if (feed.listeners.has(listener)) this.deliver(listener, first, since === undefined);
    // Announced while that first read ran, and read before it: this listener has still to get it.
    if (listener.version !== undefined && listener.version < feed.announced) this.schedule(eventId, feed);
    return () => {
      feed.listeners.delete(listener);
      if (feed.listeners.size === 0 && this.feeds.get(eventId) === feed) {
        clearTimeout(feed.timer);
        this.feeds.delete(eventId);
      }
    };
  }

  async close() {
    for (const feed of this.feeds.values()) clearTimeout(feed.timer);
    this.feeds.clear();
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await (await unlisten)();
  }

  private announced(payload: string) {
    const [eventId, version] = payload.split(':').map(Number);
    const feed = this.feeds.get(eventId);
    if (!feed || !(version > feed.announced)) return;
    feed.announced = version;
    this.schedule(eventId, feed);
  }

  /** The LISTEN connection was made again: anything may have been missed, so every feed reads afresh. */
  private resync() {
    for (const [eventId, feed] of this.feeds) {
      feed.announced = Number.MAX_SAFE_INTEGER; // read whatever is there; the read sets the real version
      this.schedule(eventId, feed);
    }
  }

  private schedule(eventId: number, feed: EventFeed) {
    if (feed.reading || feed.timer) return;
    feed.timer = setTimeout(() => {
      feed.timer = undefined;
      void this.read(eventId, feed);
    }, READ_GAP_MS);
  }

  /** One read per distinct listener version (normally one: they move together), then each listener gets its delta. */
  private async read(eventId: number, feed: EventFeed) {
    feed.reading = true;
    try {
      const behind = [...feed.listeners].filter((l) => l.version !== undefined && l.version < feed.announced);
      const versions = [...new Set(behind.map((l) => l.version!))];
      let newest = 0;
      for (const since of versions) {
        const states = await seatStatesSince(this.db, eventId, since);
        newest = Math.max(newest, states.version);
        for (const l of behind) if (l.version === since && feed.listeners.has(l)) this.deliver(l, states, false);
      }
      if (feed.announced === Number.MAX_SAFE_INTEGER) feed.announced = newest;
    } catch (err) {
      this.log(`Seat states of event ${eventId} could not be read for its open maps: ${(err as Error).message}`);
    } finally {
      feed.reading = false;
    }
    // Announced while reading: read again.
    if (this.feeds.get(eventId) === feed && [...feed.listeners].some((l) => l.version !== undefined && l.version < feed.announced)) this.schedule(eventId, feed);
  }

  private deliver(l: Listener, states: SeatStates, first: boolean) {
    if (!first && l.version !== undefined && states.version <= l.version && !states.reload) return;
    l.version = states.version;
    try {
      l.send(states);
    } catch (err) {
      this.log(`A seat-state stream failed: ${(err as Error).message}`);
    }
  }
}
