import type { SeatLabel, TicketToReserve } from '../../../src/contracts/reservations';
import { RESERVATION_MESSAGES } from '../../../src/contracts/reservations';
import type { Queryable } from '../../db/database';
import { HttpError } from '../../httpErrors';
import { EXPIRED, FAMILY, type ReservationRow } from './reservationQueries';

/** A refusal naming the seats it is about: `{error: {code, message, seats}}`. */
export class SeatsError extends HttpError {
  constructor(statusCode: number, code: string, message: string, readonly seats: SeatLabel[]) {
    super(statusCode, code, message);
  }
}

interface Change { section_id: number; seat_id: number | null }

/**
 * Bumps the event's seat-state version and notes what changed, in the caller's transaction, so open maps see it
 * (GET api/events/{id}/seat-states?since=). The version row is taken last, so it is held only until commit.
 */
export async function bumpSeatVersion(tx: Queryable, eventId: number, changes: Change[]): Promise<number> {
  if (changes.length === 0) return 0;
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO event_seat_versions (event_id, version) VALUES ($1, 1)
     ON CONFLICT (event_id) DO UPDATE SET version = event_seat_versions.version + 1
     RETURNING version`,
    [eventId],
  );
  const version = Number(rows[0].version);
  await tx.query(
    `INSERT INTO seat_state_changes (event_id, version, section_id, seat_id)
     SELECT $1, $2, x.section_id, x.seat_id FROM unnest($3::bigint[], $4::bigint[]) AS x(section_id, seat_id)`,
    [eventId, version, changes.map((c) => c.section_id), changes.map((c) => c.seat_id)],
  );
  return version;
}

/**
 * Pricing, releasing, hiding or unhiding changed what the event's map shows: bumps the seat-state version and marks
 * it a layout change, so every open map older than it reloads its sections (seat-states answers `reload: true`).
 * Call it in the pricing transaction after the change; the version row is held until commit.
 */
export async function bumpLayoutVersion(tx: Queryable, eventId: number): Promise<number> {
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO event_seat_versions (event_id, version, layout_version) VALUES ($1, 1, 1)
     ON CONFLICT (event_id) DO UPDATE SET version = event_seat_versions.version + 1, layout_version = event_seat_versions.version + 1
     RETURNING version`,
    [eventId],
  );
  return Number(rows[0].version);
}

/**
 * Expired holds on the given seats (or standing sections) give their seats up: their orders become 'expired' and
 * every item of them invalid, so the unique index lets the new reserve in. Runs inside the reserving transaction.
 */
async function releaseExpiredHolds(tx: Queryable, eventId: number, seatIds: number[], sectionIds: number[]): Promise<Change[]> {
  const { rows } = await tx.query<{ id: number }>(
    `UPDATE orders o SET status = 'expired', updated_at = (now() AT TIME ZONE 'Europe/Stockholm')
      WHERE o.event_id = $1 AND ${EXPIRED('o')}
        AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.valid AND i.type = 'ticket'
                     AND (i.seat_id = ANY($2::bigint[]) OR (i.seat_id IS NULL AND i.section_id = ANY($3::bigint[]))))
     RETURNING o.id`,
    [eventId, seatIds, sectionIds],
  );
  if (rows.length === 0) return [];
  const freed = await tx.query<Change>(
    `UPDATE order_items SET valid = false WHERE order_id = ANY($1::bigint[]) AND valid RETURNING section_id, seat_id`,
    [rows.map((r) => r.id)],
  );
  return freed.rows.filter((c) => c.section_id !== null);
}

interface SeatRow {
  ord: number; section: string; row: string | null; seat: string | null; section_id: number | null; seat_id: number | null;
  general_admission: boolean | null; hidden: boolean; ticket_type_id: number | null; price_ore: number | null;
}

/**
 * Reserves tickets into a reservation (PUT api/reservations/{id} {tickets}). Seats by map labels; only seats of the
 * reservation's event that are priced (for the chosen ticket type, else the default or first priced type) and not
 * hidden can be reserved. The unique index on valid seats decides who wins a race; standing places are counted under
 * the event_sections row lock. All or nothing: any refusal rolls the whole call back.
 */
export async function reserveTickets(tx: Queryable, r: ReservationRow, mapId: number, ticketVat: number, tickets: TicketToReserve[]): Promise<Change[]> {
  if (r.expired) throw new HttpError(422, 'reservation_expired', 'The reservation has expired: set a later reserved until first.');
  const foreign = tickets.filter((t) => t.event !== r.event_id);
  if (foreign.length) {
    throw new SeatsError(422, 'other_event', 'Tickets can only be reserved for the event of the reservation.', foreign.map(labelOf));
  }
  const channel = r.type === 'corporate' ? 'corporate' : 'guest';
  const { rows } = await tx.query<SeatRow>(
    `SELECT x.ord::int, x.section, x.row, x.seat, s.id AS section_id, ms.id AS seat_id, s.general_admission,
            (coalesce(es.hidden, false) OR coalesce(ev.hidden, false)) AS hidden, p.ticket_type_id, p.price_ore
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS x(section, row, seat, ticket_type, ord)
       LEFT JOIN map_sections s ON s.map_id = $2 AND s.name = x.section
       LEFT JOIN map_seats ms ON ms.section_id = s.id AND ms.row_label = x.row AND ms.seat_label = x.seat
       LEFT JOIN event_sections es ON es.event_id = $1 AND es.section_id = s.id
       LEFT JOIN event_seats ev ON ev.event_id = $1 AND ev.seat_id = ms.id
       LEFT JOIN LATERAL (
         SELECT i.ticket_type_id, i.price_ore FROM price_set_items i JOIN ticket_types tt ON tt.id = i.ticket_type_id
          WHERE i.price_set_id = CASE WHEN ev.price_overridden THEN ev.price_set_id ELSE es.price_set_id END
            AND (x.ticket_type IS NULL OR lower(tt.name) = lower(x.ticket_type))
          ORDER BY tt.is_default DESC, tt.position, tt.id LIMIT 1) p ON true
      ORDER BY x.ord`,
    [r.event_id, mapId, tickets.map((t) => t.section), tickets.map((t) => t.row ?? null), tickets.map((t) => t.seat ?? null), tickets.map((t) => t.ticket_type ?? null)],
  );

  const refused: SeatLabel[] = [];
  const seats: SeatRow[] = [];
  const standing: { row: SeatRow; count: number }[] = [];
  rows.forEach((row, i) => {
    const t = tickets[i];
    if (row.section_id === null || row.hidden || row.price_ore === null) refused.push(labelOf(t));
    else if (row.general_admission) standing.push({ row, count: t.count ?? 1 });
    else if (row.seat_id === null) refused.push(labelOf(t));
    else seats.push(row);
  });
  if (refused.length) throw new SeatsError(422, 'not_reservable', RESERVATION_MESSAGES.cannotReserve, refused);
  const seen = new Set<number>();
  const doubled = seats.filter((s) => (seen.has(Number(s.seat_id)) ? true : (seen.add(Number(s.seat_id)), false)));
  if (doubled.length) throw new SeatsError(422, 'duplicate_seat', 'A seat is listed twice.', doubled.map(labelOfRow));

  const changes = await releaseExpiredHolds(tx, r.event_id, seats.map((s) => Number(s.seat_id)), standing.map((s) => Number(s.row.section_id)));

  if (seats.length) {
    const inserted = await tx.query<{ seat_id: number }>(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, ticket_type_id,
                                original_price_ore, price_ore, vat_percent)
       SELECT $1, $2, $3, 'ticket', $4, x.section_id, x.seat_id, x.type_id, x.price, x.price, $5
         FROM unnest($6::bigint[], $7::bigint[], $8::bigint[], $9::int[]) AS x(section_id, seat_id, type_id, price)
       ON CONFLICT (event_id, seat_id) WHERE valid AND seat_id IS NOT NULL DO NOTHING
       RETURNING seat_id`,
      [r.id, r.event_id, r.promoter_id, channel, ticketVat, seats.map((s) => s.section_id), seats.map((s) => s.seat_id),
        seats.map((s) => s.ticket_type_id), seats.map((s) => s.price_ore)],
    );
    const got = new Set(inserted.rows.map((x) => Number(x.seat_id)));
    const taken = seats.filter((s) => !got.has(Number(s.seat_id)));
    if (taken.length) throw new SeatsError(409, 'seat_taken', RESERVATION_MESSAGES.seatTaken, taken.map(labelOfRow));
    for (const s of seats) changes.push({ section_id: Number(s.section_id), seat_id: Number(s.seat_id) });
  }

  for (const { row, count } of standing) {
    const free = await tx.query<{ free: number }>(
      `SELECT greatest(es.seats_count - (SELECT count(*) FROM order_items i
                                          WHERE i.event_id = $1 AND i.section_id = $2 AND i.seat_id IS NULL AND i.type = 'ticket' AND i.valid), 0)::int AS free
         FROM event_sections es WHERE es.event_id = $1 AND es.section_id = $2 FOR UPDATE`,
      [r.event_id, row.section_id],
    );
    const left = free.rows[0]?.free ?? 0;
    if (left < count) {
      throw new SeatsError(409, 'no_free_places', `Only ${left} free place(s) left in ${row.section}.`, [{ section: row.section, row: null, seat: null }]);
    }
    await tx.query(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, ticket_type_id,
                                original_price_ore, price_ore, vat_percent)
       SELECT $1, $2, $3, 'ticket', $4, $5, NULL, $6, $7, $7, $8 FROM generate_series(1, $9::int)`,
      [r.id, r.event_id, r.promoter_id, channel, row.section_id, row.ticket_type_id, row.price_ore, ticketVat, count],
    );
    changes.push({ section_id: Number(row.section_id), seat_id: null });
  }
  return changes;
}

/** Removes tickets (items [{id, valid: false}]): the items become invalid and their seats are free at once. */
export async function removeTickets(tx: Queryable, r: ReservationRow, ids: number[]): Promise<Change[]> {
  const { rows } = await tx.query<Change & { id: number }>(
    `UPDATE order_items SET valid = false
      WHERE order_id IN (${FAMILY('$1::bigint')}) AND id = ANY($2::bigint[]) AND type = 'ticket' AND valid
     RETURNING id, section_id, seat_id`,
    [r.id, ids],
  );
  if (rows.length !== new Set(ids).size) {
    const found = new Set(rows.map((x) => Number(x.id)));
    throw new HttpError(422, 'unknown_item', `Ticket ${ids.filter((id) => !found.has(id)).join(', ')} is not a valid ticket of this reservation.`);
  }
  return rows.map((x) => ({ section_id: Number(x.section_id), seat_id: x.seat_id === null ? null : Number(x.seat_id) }));
}

const labelOf = (t: TicketToReserve): SeatLabel => ({ section: t.section, row: t.row ?? null, seat: t.seat ?? null });
const labelOfRow = (s: SeatRow): SeatLabel => ({ section: s.section, row: s.row, seat: s.seat });
