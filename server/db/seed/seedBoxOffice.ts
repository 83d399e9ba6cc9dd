import type { Queryable } from '../database';

/**
 * Box-office reservations (issue 18): each active demo box-office user gets one on its promoter's biggest upcoming
 * published event (Midsummer Stadium Night for boxoffice@demo.test) and one on the promoter's upcoming standing
 * event (when it has one), with an extra fee of 10 kr per ticket as JSON in the description (001 §3), valid until
 * the event starts. No tickets: the box-office app sells them.
 */
export async function seedBoxOffice(tx: Queryable): Promise<string> {
  const { rowCount } = await tx.query(
    `INSERT INTO orders (event_id, promoter_id, type, status, title, description, owner_id, reserver_id, validity_date, ticket_vat)
     SELECT e.id, e.promoter_id, 'boxoffice', 'new', u.name, '{"extra_fee":10}', u.id, NULL, e.start_date, e.ticket_vat
       FROM users u
       JOIN LATERAL (
         (SELECT e.id, e.promoter_id, e.start_date, e.ticket_vat FROM events e JOIN venue_maps m ON m.id = e.map_id
           WHERE e.promoter_id = u.promoter_id AND e.entity_type = 'ordinary' AND e.status = 'active'
             AND e.start_date > (now() AT TIME ZONE 'Europe/Stockholm')
           ORDER BY m.seat_count DESC, e.start_date, e.id LIMIT 1)
         UNION
         (SELECT e.id, e.promoter_id, e.start_date, e.ticket_vat FROM events e
           WHERE e.promoter_id = u.promoter_id AND e.entity_type = 'ordinary' AND e.status = 'active'
             AND e.start_date > (now() AT TIME ZONE 'Europe/Stockholm')
             AND NOT EXISTS (SELECT 1 FROM map_sections s WHERE s.map_id = e.map_id AND NOT s.general_admission)
           ORDER BY e.start_date, e.id LIMIT 1)
       ) e ON true
      WHERE u.type = 'boxoffice' AND u.status = 'active' AND u.email LIKE '%@demo.test'
      ORDER BY u.id, e.id`,
  );
  return `${rowCount ?? 0} box-office reservations`;
}

/**
 * Four weeks of shift closes at the demo counters (docs/boxoffice.md "Shift closes report"), so the back office's
 * report shows something on a first look: each active demo box-office user closed one evening shift a day (16:00 to
 * about 22:30 on the venue's clock) on six days of seven, up to yesterday, with believable takings by tender and a
 * drawer that was now and then short or over. Nothing today: the operator's own shift card starts clean. Fixed
 * arithmetic on the day and the user, no Math.random; the difference is the table's CHECK (counted − expected).
 */
export async function seedShiftCloses(tx: Queryable): Promise<string> {
  const { rowCount } = await tx.query(
    `INSERT INTO counter_shift_closes (user_id, opened_at, closed_at, expected_cash_ore, counted_cash_ore, difference_ore, card_ore, other_ore)
     SELECT u.id,
            ((now() AT TIME ZONE 'Europe/Stockholm')::date - d.n + time '16:00') AT TIME ZONE 'Europe/Stockholm',
            ((now() AT TIME ZONE 'Europe/Stockholm')::date - d.n + time '22:05' + make_interval(mins => (d.n * 7 + u.id::int) % 45)) AT TIME ZONE 'Europe/Stockholm',
            m.cash, m.cash + m.diff, m.diff, m.card, m.other
       FROM users u
      CROSS JOIN generate_series(1, 28) AS d(n)
      CROSS JOIN LATERAL (SELECT
              (120000 + ((d.n * 7919 + u.id::int * 104729) % 97) * 9500)::int AS cash,
              (250000 + ((d.n * 31 + u.id::int * 17) % 41) * 12500)::int AS card,
              (CASE WHEN (d.n + u.id::int) % 5 = 0 THEN 49500 ELSE 0 END)::int AS other,
              (CASE WHEN (d.n * 3 + u.id::int) % 11 = 0 THEN -5000 WHEN (d.n * 5 + u.id::int) % 13 = 0 THEN 2000
                    WHEN (d.n * 2 + u.id::int) % 17 = 0 THEN -1000 ELSE 0 END)::int AS diff) m
      WHERE u.type = 'boxoffice' AND u.status = 'active' AND u.email LIKE '%@demo.test' AND (d.n + u.id::int) % 7 <> 3
      ORDER BY u.id, d.n DESC`,
  );
  return `${rowCount ?? 0} shift closes`;
}
