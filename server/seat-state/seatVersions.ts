import type { Queryable } from '../db/database';

/** The channel on which every committed seat-state version is announced, as `<event id>:<version>`. */
export const SEAT_STATE_CHANNEL = 'seat_state';

/** A place whose taken state changed: a seat, or a standing (general-admission) section when `seat_id` is null. */
export interface PlaceChange { section_id: number; seat_id: number | null }
export interface EventPlaceChange extends PlaceChange { event_id: number }

// One statement, run by every write that changes whether a place is taken: the version goes up, what changed is
// noted under it, and the commit announces it (NOTIFY is delivered at commit, or never if the transaction rolls back).
// A seat is noted in its own event and in every event that shares its seats (a season and its included events,
// server/reservations/seasonSeats.ts): a season ticket holds its seat in every included event, and a seat taken in an
// included event is taken for the season, so their open maps redraw it too. The versions are taken in event-id order
// within the one statement, so two writers never wait for each other's rows in opposite orders.
// Named: the reserve runs it for every group (server/db/database.ts).
const BUMP_AND_NOTE = { name: 'seat_version_bump_note', text: `WITH c AS (
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS c (event_id, section_id, seat_id)),
     placed AS (
       SELECT event_id, section_id, seat_id FROM c
       UNION
       SELECT rel.id, c.section_id, c.seat_id FROM c JOIN events e ON e.id = c.event_id JOIN events rel ON rel.id = e.seasonal_event_id
        WHERE c.seat_id IS NOT NULL
       UNION
       SELECT rel.id, c.section_id, c.seat_id FROM c JOIN events e ON e.id = c.event_id AND e.entity_type = 'seasonal'
         JOIN events rel ON rel.seasonal_event_id = e.id
        WHERE c.seat_id IS NOT NULL),
     per AS (
       SELECT event_id, array_agg(section_id) AS section_ids, array_agg(seat_id) AS seat_ids FROM placed GROUP BY event_id),
     bumped AS (
       INSERT INTO event_seat_versions (event_id, version) SELECT event_id, 1 FROM per ORDER BY event_id
       ON CONFLICT (event_id) DO UPDATE SET version = event_seat_versions.version + 1
       RETURNING event_id, version),
     noted AS (
       INSERT INTO seat_state_changes (event_id, version, section_ids, seat_ids)
       SELECT b.event_id, b.version, p.section_ids, p.seat_ids FROM bumped b JOIN per p ON p.event_id = b.event_id
       RETURNING event_id, version)
     SELECT event_id, version, pg_notify('${SEAT_STATE_CHANNEL}', event_id || ':' || version) FROM noted` };

/** Runs the one statement for places of one or more events: answers each bumped event's new version. */
async function bumpAndNote(tx: Queryable, changes: EventPlaceChange[]): Promise<Map<number, number>> {
  const { rows } = await tx.query<{ event_id: number | string; version: number | string }>(BUMP_AND_NOTE, [
    changes.map((c) => Number(c.event_id)), changes.map((c) => Number(c.section_id)), changes.map((c) => (c.seat_id === null ? null : Number(c.seat_id))),
  ]);
  return new Map(rows.map((r) => [Number(r.event_id), Number(r.version)]));
}

/**
 * Bumps the event's seat-state version and notes the places that changed, in the caller's transaction, so every open
 * map sees them (pushed: seatStateHub.ts; polled: GET api/events/{id}/seat-states?since=). Every write that makes a
 * place taken or free calls this (or noteSeatChanges) in its own transaction: reserve, remove, delete, void, refund,
 * box-office sale and release, copy, a hold that ends (tests/server/seatStateWrites.test.ts lists them). Call it
 * after the write's other statements: the version row is then held only until commit, and always taken last, so two
 * writers cannot deadlock on it. The events sharing the seats (a season family) are bumped with it.
 */
export async function bumpSeatVersion(tx: Queryable, eventId: number, changes: PlaceChange[]): Promise<number> {
  if (changes.length === 0) return 0;
  const versions = await bumpAndNote(tx, changes.map((c) => ({ event_id: eventId, section_id: c.section_id, seat_id: c.seat_id })));
  return versions.get(Number(eventId)) ?? 0;
}

/** bumpSeatVersion for changes of several events (a void or refund of items, a copy): one statement, one bump per event. */
export async function noteSeatChanges(tx: Queryable, changes: EventPlaceChange[]): Promise<void> {
  // Not a place (merchandise, a fee): nothing to note.
  const places = changes.filter((c) => c.section_id !== null && c.section_id !== undefined);
  if (places.length > 0) await bumpAndNote(tx, places);
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
