import type { Queryable } from '../database';

/** The demo corporates' reservations: titles and sizes, on the biggest upcoming seated event of their promoter. */
const RESERVATIONS = [
  { title: 'Management box', description: 'Seats for the management team and their guests.', seats: 6 },
  { title: 'Client evening', description: 'Tickets to hand out to clients by phone.', seats: 4 },
];

/**
 * A reservation whose tickets the corporate already sent, a month before the others were made: the people it went to
 * are the corporate's previous receivers, offered as "Sent to before" in the Send ticket dialog (001 §7
 * corporate-ticket-holders). Demo customers with a phone, chosen by their e-mail (seedAttendees' people), skipping
 * anyone on the promoter's blacklist.
 */
const SENT_BEFORE = { title: 'Partner dinner', description: 'Tickets sent to partners ahead of the dinner.', daysAgo: 30 };
const RECEIVERS: Record<string, string[]> = {
  'corporate@demo.test': ['attendee42@demo.test', 'attendee137@demo.test', 'attendee256@demo.test', 'attendee318@demo.test'],
  'corporate2@demo.test': ['attendee77@demo.test', 'attendee189@demo.test', 'attendee402@demo.test', 'attendee515@demo.test'],
};

const REPRESENTATIVES = [
  ['corporate@demo.test', 'Karin', 'Lindqvist'],
  ['corporate2@demo.test', 'Johan', 'Ek'],
];

/**
 * Corporates (issue 19): every corporate gets its company name (the account's display name), and each active demo
 * corporate two corporate reservations of free, priced seats with unsent tickets, newest of its list, so the
 * corporate app has something to send, and an older one whose tickets it sent to four people (SENT_BEFORE). Runs after seedSales: seats already taken are skipped (the unique index
 * order_items_one_valid_seat would refuse them anyway).
 */
export async function seedCorporates(tx: Queryable): Promise<string> {
  await tx.query(`UPDATE users SET corporate_name = name WHERE type = 'corporate' AND corporate_name IS NULL`);
  // The representative of each demo company (the account's first and last name).
  await tx.query(
    `UPDATE users u SET first_name = r.first_name, last_name = r.last_name
       FROM unnest($1::text[], $2::text[], $3::text[]) AS r (email, first_name, last_name)
      WHERE u.email = r.email AND u.type = 'corporate'`,
    [REPRESENTATIVES.map((r) => r[0]), REPRESENTATIVES.map((r) => r[1]), REPRESENTATIVES.map((r) => r[2])],
  );
  const { rows: corporates } = await tx.query<{ corporate_id: number; email: string; event_id: number; promoter_id: number; ticket_vat: string; start_date: string }>(
    `SELECT DISTINCT ON (u.id) u.id AS corporate_id, u.email, e.id AS event_id, e.promoter_id, e.ticket_vat, e.start_date
       FROM users u
       JOIN events e ON e.promoter_id = u.promoter_id AND e.entity_type = 'ordinary' AND e.status = 'active'
                    AND e.start_date > (now() AT TIME ZONE 'Europe/Stockholm')
       JOIN venue_maps m ON m.id = e.map_id
      WHERE u.type = 'corporate' AND u.status = 'active' AND u.email LIKE '%@demo.test'
      ORDER BY u.id, m.seat_count DESC, e.start_date, e.id`,
  );
  let items = 0;
  let sent = 0;
  for (const c of corporates) {
    const receivers = await receiversOf(tx, c.email, c.promoter_id);
    const unsent = RESERVATIONS.reduce((n, r) => n + r.seats, 0);
    const wanted = unsent + receivers.length;
    const { rows: seats } = await tx.query<{ seat_id: number; section_id: number; price_ore: number; ticket_type_id: number }>(
      `SELECT s.id AS seat_id, s.section_id, psi.price_ore, tt.id AS ticket_type_id
         FROM event_sections es
         JOIN map_sections sec ON sec.id = es.section_id AND NOT sec.general_admission
         -- The map's middle section, worked out once (a subquery in ORDER BY ran once per seat: 100,000 times).
         JOIN (SELECT map_id, max(position) / 2 AS middle FROM map_sections GROUP BY map_id) mid ON mid.map_id = sec.map_id
         JOIN map_seats s ON s.section_id = es.section_id
         LEFT JOIN event_seats ov ON ov.event_id = es.event_id AND ov.seat_id = s.id
         JOIN price_set_items psi ON psi.price_set_id = effective_price_set(ov.price_overridden, ov.price_set_id, es.price_set_id)
         JOIN ticket_types tt ON tt.id = psi.ticket_type_id AND tt.is_default
        WHERE es.event_id = $1 AND NOT es.hidden AND ov.hidden IS NOT TRUE
          AND NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.event_id = $1 AND oi.seat_id = s.id AND oi.valid)
        -- Hospitality blocks sit mid-venue, not at the map's first section and seat (where a visitor starts looking).
        ORDER BY abs(sec.position - mid.middle), sec.position, s.seat_index
        LIMIT $2`,
      [c.event_id, wanted],
    );
    if (seats.length < wanted) continue;
    // First (an older reservation): the tickets already sent, one per receiver, on the seats after the unsent ones.
    if (receivers.length) sent += await seedSentTickets(tx, c, seats.slice(unsent), receivers);
    const block = seats.slice(0, unsent);
    const { rows: orders } = await tx.query<{ id: number }>(
      `INSERT INTO orders (event_id, promoter_id, type, status, title, description, owner_id, corporate_id, reserver_id,
                           reserved_until, ticket_vat)
       SELECT $1, $2, 'corporate', 'new', r.title, r.description, $3, $3, NULL, $4::timestamp, $5
         FROM unnest($6::text[], $7::text[]) WITH ORDINALITY AS r (title, description, n)
        ORDER BY r.n
       RETURNING id`,
      [c.event_id, c.promoter_id, c.corporate_id, c.start_date, c.ticket_vat, RESERVATIONS.map((r) => r.title), RESERVATIONS.map((r) => r.description)],
    );
    const orderOfSeat = RESERVATIONS.flatMap((r, i) => Array.from({ length: r.seats }, () => Number(orders[i].id)));
    await tx.query(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, ticket_type_id,
                                original_price_ore, price_ore, vat_percent)
       SELECT x.order_id, $1, $2, 'ticket', 'corporate', x.section_id, x.seat_id, x.ticket_type_id, x.price, x.price, $3
         FROM unnest($4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::int[]) AS x (order_id, section_id, seat_id, ticket_type_id, price)`,
      [c.event_id, c.promoter_id, c.ticket_vat, orderOfSeat, block.map((s) => s.section_id), block.map((s) => s.seat_id),
        block.map((s) => s.ticket_type_id), block.map((s) => s.price_ore)],
    );
    items += block.length;
  }
  return `corporates: ${corporates.length} with reservations, ${items} unsent tickets, ${sent} sent before`;
}

/** The corporate's previous receivers that exist, are active, have a phone and are not on the promoter's blacklist. */
async function receiversOf(tx: Queryable, corporateEmail: string, promoterId: number): Promise<number[]> {
  const emails = RECEIVERS[corporateEmail] ?? [];
  if (emails.length === 0) return [];
  const { rows } = await tx.query<{ id: number }>(
    `SELECT u.id FROM unnest($1::text[]) WITH ORDINALITY AS r (email, n) JOIN users u ON u.email = r.email
      WHERE u.type = 'attendee' AND u.status = 'active' AND u.phone IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM blacklist_entries b WHERE b.user_id = u.id AND b.promoter_id = $2)
      ORDER BY r.n`,
    [emails, promoterId],
  );
  return rows.map((r) => Number(r.id));
}

/**
 * A reservation of the corporate whose tickets went to `receivers` a month ago, written as the send writes it
 * (server/corporates/ticketSends.ts assignTickets): each ticket's holder, and a ticket_sends row by the corporate.
 */
async function seedSentTickets(
  tx: Queryable, c: { corporate_id: number; event_id: number; promoter_id: number; ticket_vat: string; start_date: string },
  seats: { seat_id: number; section_id: number; price_ore: number; ticket_type_id: number }[], receivers: number[],
): Promise<number> {
  const { rows: order } = await tx.query<{ id: number }>(
    `INSERT INTO orders (event_id, promoter_id, type, status, title, description, owner_id, corporate_id, reserver_id,
                         reserved_until, ticket_vat, created_at, updated_at)
     VALUES ($1, $2, 'corporate', 'new', $3, $4, $5, $5, NULL, $6::timestamp, $7,
             (now() AT TIME ZONE 'Europe/Stockholm') - make_interval(days => $8::int),
             (now() AT TIME ZONE 'Europe/Stockholm') - make_interval(days => $8::int - 1))
     RETURNING id`,
    [c.event_id, c.promoter_id, SENT_BEFORE.title, SENT_BEFORE.description, c.corporate_id, c.start_date, c.ticket_vat, SENT_BEFORE.daysAgo],
  );
  const { rows: items } = await tx.query<{ id: number; holder_id: number }>(
    `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, ticket_type_id,
                              original_price_ore, price_ore, vat_percent, holder_id)
     SELECT $1, $2, $3, 'ticket', 'corporate', x.section_id, x.seat_id, x.ticket_type_id, x.price, x.price, $4, x.holder_id
       FROM unnest($5::bigint[], $6::bigint[], $7::bigint[], $8::int[], $9::bigint[]) WITH ORDINALITY AS x (section_id, seat_id, ticket_type_id, price, holder_id, n)
      ORDER BY x.n
     RETURNING id, holder_id`,
    [Number(order[0].id), c.event_id, c.promoter_id, c.ticket_vat, seats.map((s) => s.section_id), seats.map((s) => s.seat_id),
      seats.map((s) => s.ticket_type_id), seats.map((s) => s.price_ore), receivers],
  );
  // One send each, a day after the reservation was made, one after the other.
  await tx.query(
    `INSERT INTO ticket_sends (order_item_id, holder_id, sent_by, sent_at)
     SELECT x.item, x.holder, $3, (now() AT TIME ZONE 'Europe/Stockholm') - make_interval(days => $4::int - 1) + make_interval(mins => 7 * x.n::int)
       FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS x (item, holder, n)`,
    [items.map((i) => Number(i.id)), items.map((i) => Number(i.holder_id)), c.corporate_id, SENT_BEFORE.daysAgo],
  );
  return items.length;
}
