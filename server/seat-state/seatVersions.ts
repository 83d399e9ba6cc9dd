import type { Queryable } from '../db/database';

/** The channel on which every committed seat-state version is announced, as `<event id>:<version>`. */
export const SEAT_STATE_CHANNEL = 'seat_state';

/** A place whose taken state changed: a seat, or a standing (general-admission) section when `seat_id` is null. */
export interface PlaceChange { section_id: number; seat_id: number | null }
export interface EventPlaceChange extends PlaceChange { event_id: number }

// One statement, run by every write that changes whether a place is taken: the version goes up, what changed is
// noted under it, and the commit announces it (NOTIFY is delivered at commit, or never if the transaction rolls back).
// Named: the reserve runs it for every group (server/db/database.ts).
const BUMP_AND_NOTE = { name: 'seat_version_bump_note', text: `WITH bumped AS (
       INSERT INTO event_seat_versions (event_id, version) VALUES ($1, 1)
       ON CONFLICT (event_id) DO UPDATE SET version = event_seat_versions.version + 1
       RETURNING event_id, version),
     noted AS (
       INSERT INTO seat_state_changes (event_id, version, section_ids, seat_ids) SELECT event_id, version, $2, $3 FROM bumped
       RETURNING event_id, version)
     SELECT version, pg_notify('${SEAT_STATE_CHANNEL}', event_id || ':' || version) FROM noted` };

/**
 * Bumps the event's seat-state version and notes the places that changed, in the caller's transaction, so every open
 * map sees them (pushed: seatStateHub.ts; polled: GET api/events/{id}/seat-states?since=). Every write that makes a
 * place taken or free calls this (or noteSeatChanges) in its own transaction: reserve, remove, delete, void, refund,
 * box-office sale and release, copy, a hold that ends (tests/server/seatStateWrites.test.ts lists them). Call it
 * after the write's other statements: the version row is then held only until commit, and always taken last, so two
 * writers cannot deadlock on it.
 */
export async function bumpSeatVersion(tx: Queryable, eventId: number, changes: PlaceChange[]): Promise<number> {
  if (changes.length === 0) return 0;
  const { rows } = await tx.query<{ version: number }>(BUMP_AND_NOTE, [eventId, changes.map((c) => Number(c.section_id)), changes.map((c) => (c.seat_id === null ? null : Number(c.seat_id)))]);
  return Number(rows[0].version);
}

/** bumpSeatVersion for changes of several events (a void or refund of items, a copy): one bump per event. */
export async function noteSeatChanges(tx: Queryable, changes: EventPlaceChange[]): Promise<void> {
  const byEvent = new Map<number, PlaceChange[]>();
  for (const c of changes) {
    if (c.section_id === null || c.section_id === undefined) continue; // not a place (merchandise, a fee)
    const list = byEvent.get(Number(c.event_id)) ?? [];
    list.push({ section_id: Number(c.section_id), seat_id: c.seat_id === null ? null : Number(c.seat_id) });
    byEvent.set(Number(c.event_id), list);
  }
  for (const [eventId, list] of [...byEvent].sort((a, b) => a[0] - b[0])) await bumpSeatVersion(tx, eventId, list);
}

/**
 * Pricing, releasing, hiding or unhiding changed what the event's map shows: bumps the seat-state version and marks
 * it a layout change, so every open map older than it reloads its sections (seat-states answers `reload: true`).
 * Call it in the pricing transaction after the change; the version row is held until commit.
 */
export async function bumpLayoutVersion(tx: Queryable, eventId: number): Promise<number> {
  const { rows } = await tx.query<{ version: number }>(
    `WITH bumped AS (
       INSERT INTO event_seat_versions (event_id, version, layout_version) VALUES ($1, 1, 1)
       ON CONFLICT (event_id) DO UPDATE SET version = event_seat_versions.version + 1, layout_version = event_seat_versions.version + 1
       RETURNING event_id, version)
     SELECT version, pg_notify('${SEAT_STATE_CHANNEL}', event_id || ':' || version) FROM bumped`,
    [eventId],
  );
  return Number(rows[0].version);
}
