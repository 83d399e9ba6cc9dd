import type { Queryable } from '../database';

/** Local (venue clock) timestamps of the sales tables as the timestamptz of created_at columns. */
const LOCAL = `'Europe/Stockholm'`;

/**
 * Created dates that come before what was done with the thing created (docs/people.md "Demo data"). The steps before
 * insert people, promoters, venues and events at the seed's moment, then a year of activity reaching months back,
 * so a corporate read "Created on" today beside sales of June. Last of the seed: every date it moves is the earliest
 * use of the row, minus a lead. Never later than it was, so what has no earlier use keeps the seed's moment.
 *
 * - events: three weeks before their tickets were released, or a day before their first order (a reservation may
 *   come before the release), whichever is first; their scanners were connected at the publishing, the day before
 *   the release;
 * - people: before their first act: an order they own, reserved or hold as a corporate, a ticket sent to or by them,
 *   a scan, a refund they made, a shift at the counter, an event connected to them as a scanner, a blacklisting.
 *   Attendees registered up to ten days before (a lead drawn from their id), staff two weeks before;
 * - promoters: a week before their first event or person, and their accounts and service-fee bands with them;
 * - venues and their maps: a month before the first event on them;
 * - the admin account: a day before anyone else.
 */
export async function seedCreatedDates(tx: Queryable): Promise<string> {
  const started = Date.now();
  const events = await tx.query(
    `UPDATE events e SET created_at = d.at
       FROM (SELECT x.id, least((x.tickets_release_date - interval '21 days') AT TIME ZONE ${LOCAL},
                                (min(o.created_at) - interval '1 day') AT TIME ZONE ${LOCAL}) AS at
               FROM events x LEFT JOIN orders o ON o.event_id = x.id GROUP BY x.id) d
      WHERE d.id = e.id AND d.at < e.created_at`,
  );
  await tx.query(
    `UPDATE event_scanners s SET created_at = e.published FROM
       (SELECT id, (tickets_release_date - interval '1 day') AT TIME ZONE ${LOCAL} AS published FROM events) e
      WHERE e.id = s.event_id AND e.published < s.created_at`,
  );
  const people = await tx.query(
    `WITH acts (user_id, at) AS (
       SELECT owner_id, min(created_at) AT TIME ZONE ${LOCAL} FROM orders GROUP BY 1
       UNION ALL SELECT reserver_id, min(created_at) AT TIME ZONE ${LOCAL} FROM orders GROUP BY 1
       UNION ALL SELECT corporate_id, min(created_at) AT TIME ZONE ${LOCAL} FROM orders GROUP BY 1
       UNION ALL SELECT holder_id, min(sent_at) AT TIME ZONE ${LOCAL} FROM ticket_sends GROUP BY 1
       UNION ALL SELECT sent_by, min(sent_at) AT TIME ZONE ${LOCAL} FROM ticket_sends GROUP BY 1
       UNION ALL SELECT scanner_id, min(scanned_at) AT TIME ZONE ${LOCAL} FROM scans GROUP BY 1
       UNION ALL SELECT refunded_by, min(created_at) AT TIME ZONE ${LOCAL} FROM refunds GROUP BY 1
       UNION ALL SELECT user_id, min(opened_at) FROM counter_shift_closes GROUP BY 1
       UNION ALL SELECT user_id, min(created_at) FROM event_scanners GROUP BY 1
       UNION ALL SELECT user_id, min(created_at) FROM blacklist_entries GROUP BY 1
     ), dated AS (
       SELECT u.id, min(a.at) - CASE WHEN u.type = 'attendee' THEN make_interval(hours => 1 + (u.id % 240)::int)
                                     ELSE interval '14 days' END AS at
         FROM acts a JOIN users u ON u.id = a.user_id GROUP BY u.id)
     UPDATE users u SET created_at = d.at FROM dated d WHERE d.id = u.id AND d.at < u.created_at`,
  );
  await tx.query(
    `UPDATE promoters p SET created_at = f.at - interval '7 days'
       FROM (SELECT promoter_id, min(at) AS at FROM (
               SELECT promoter_id, min(created_at) AS at FROM events GROUP BY 1
               UNION ALL SELECT promoter_id, min(created_at) FROM users WHERE type <> 'promoter' GROUP BY 1) x
             WHERE promoter_id IS NOT NULL GROUP BY 1) f
      WHERE f.promoter_id = p.id AND f.at - interval '7 days' < p.created_at`,
  );
  for (const table of ['users', 'service_fees']) {
    await tx.query(
      `UPDATE ${table} t SET created_at = p.created_at FROM promoters p
        WHERE p.id = t.promoter_id AND p.created_at < t.created_at${table === 'users' ? ` AND t.type = 'promoter'` : ''}`,
    );
  }
  for (const [table, key] of [['venue_maps', 'map_id'], ['venues', 'venue_id']]) {
    await tx.query(
      `UPDATE ${table} t SET created_at = f.at - interval '30 days'
         FROM (SELECT ${key} AS id, min(created_at) AS at FROM events GROUP BY 1) f
        WHERE f.id = t.id AND f.at - interval '30 days' < t.created_at`,
    );
  }
  await tx.query(
    `UPDATE users SET created_at = least(created_at, (SELECT min(created_at) FROM users WHERE type <> 'admin') - interval '1 day')
      WHERE type = 'admin'`,
  );
  return `created dates: ${events.rowCount ?? 0} events and ${people.rowCount ?? 0} people dated before their first use (${Date.now() - started} ms)`;
}
