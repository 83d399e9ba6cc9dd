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
