import type { Queryable } from '../database';

/**
 * Promo codes in every discount mode (002 §4) for each promoter, beside the three codes the sales use
 * (salesCatalog.ts: EARLY10, FRIENDS50, MERCH20); two ombuds per promoter; FAQ articles; the VAT categories' names.
 */
export async function seedPromos(db: Queryable): Promise<string> {
  await db.query(
    `INSERT INTO discounts (promoter_id, name, promo_code, item_type, type, value, discount_type, min_tickets, min_kids, data,
                            max_usages, max_person_items, person_usages, expire_date, active)
     SELECT p.id, d.name, d.code, d.item_type, d.type, d.value, d.discount_type, d.min_tickets, d.min_kids, d.data::jsonb,
            d.max_usages, d.max_person_items, d.person_usages, date '2027-06-30', d.active
       FROM promoters p
      CROSS JOIN (VALUES
        ('Group of four, 15 %', 'GROUP4', 'ticket', 'percentage', 15, 'standard', 4, NULL, '{"calculation":{"x":4}}', 200, NULL, NULL, true),
        ('Two for one', 'TWO4ONE', 'ticket', 'percentage', 100, 'custom', 2, NULL, '{"calculation":{"x":2,"y":1}}', 100, 6, 2, true),
        ('Buy 3, get 1 at half price', 'B3G1HALF', 'ticket', 'percentage', 50, 'custom', 3, NULL, '{"calculation":{"x":3,"y":1}}', NULL, NULL, NULL, true),
        ('Family weekend', 'FAMILY', 'ticket', 'amount', 75, 'family', 2, 2, '{"calculation":{"x":2,"y":2}}', 500, NULL, 1, true),
        ('Press and partners', 'PRESS', 'ticket', 'free', 0, 'standard', NULL, NULL, '{"calculation":null}', 50, 2, 1, true),
        ('Summer sale (ended)', 'SUMMER25', 'ticket', 'percentage', 25, 'standard', NULL, NULL, '{"calculation":null}', NULL, NULL, NULL, false),
        ('Two T-shirts, 20 % off', 'SHIRTS2', 'merchandise', 'percentage', 20, 'standard', 2, NULL, '{"calculation":{"x":2}}', NULL, NULL, NULL, true),
        ('Two caps for one', 'CAP2FOR1', 'merchandise', 'percentage', 100, 'custom', 2, NULL, '{"calculation":{"x":2,"y":1}}', NULL, NULL, NULL, true),
        ('Buy 2 posters, 3rd 30 kr off', 'POSTER3', 'merchandise', 'amount', 30, 'custom', 2, NULL, '{"calculation":{"x":2,"y":1}}', NULL, NULL, NULL, true)
      ) AS d(name, code, item_type, type, value, discount_type, min_tickets, min_kids, data, max_usages, max_person_items, person_usages, active)
     ON CONFLICT DO NOTHING`,
  );
  // Two ombuds per promoter: attendees picked by a fixed rule, each handing out one of the promoter's codes.
  await db.query(
    `INSERT INTO ombuds (promoter_id, attendee_id, discount_id, selected_date)
     SELECT p.id, a.id, (SELECT id FROM discounts d WHERE d.promoter_id = p.id AND d.promo_code = k.code), date '2026-09-01' + k.n * 14
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM promoters) p
      CROSS JOIN (VALUES (1, 'GROUP4'), (2, 'FAMILY')) AS k(n, code)
       JOIN LATERAL (SELECT id FROM users WHERE type = 'attendee' AND status = 'active' ORDER BY id OFFSET (p.rn * 37 + k.n * 11) LIMIT 1) a ON true`,
  );
  await db.query(
    `UPDATE vats SET category = CASE vat WHEN 0 THEN 'Exempt' WHEN 6 THEN 'Reduced: culture, events, books'
                                         WHEN 12 THEN 'Reduced: food, hotels' ELSE 'Standard' END`,
  );
  const faq: [string, number, string, string, string, string][] = [
    ['app', 1, 'How do I get my tickets?', '<p>Your tickets are in the app under <b>My tickets</b> as soon as the payment is done.</p>',
      'Hur får jag mina biljetter?', '<p>Biljetterna finns i appen under <b>Mina biljetter</b> så snart betalningen är klar.</p>'],
    ['app', 2, 'Can I give a ticket to a friend?', '<p>Yes, if the event allows it: open the ticket and choose <i>Send to a friend</i>.</p>',
      'Kan jag ge en biljett till en vän?', '<p>Ja, om evenemanget tillåter det: öppna biljetten och välj <i>Skicka till en vän</i>.</p>'],
    ['app', 3, 'How do promo codes work?', '<p>Enter the code at checkout. A code may need a number of tickets, for example:</p><ul><li>Buy two, get one free</li><li>Family offer</li></ul>',
      'Hur fungerar rabattkoder?', '<p>Skriv koden i kassan. En kod kan kräva ett antal biljetter, till exempel:</p><ul><li>Köp två, få en gratis</li><li>Familjeerbjudande</li></ul>'],
    ['event_manager', 1, 'How do I publish an event?', '<p>Price every seat, then choose <b>Publish</b> on the event page.</p>',
      'Hur publicerar jag ett evenemang?', '<p>Prissätt alla platser och välj sedan <b>Publicera</b> på evenemangssidan.</p>'],
  ];
  await db.query(
    `WITH items AS (
       INSERT INTO faq_items (platform, position, created_at, updated_at)
       SELECT pl, pos, timestamptz '2026-03-02 09:15+01' + n * interval '3 days 2 hours', timestamptz '2026-04-10 14:30+02' + n * interval '1 day'
         FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS x(pl, pos, n)
       RETURNING id, platform, position)
     INSERT INTO faq_translations (faq_id, language, title, description)
     SELECT i.id, l.language, CASE l.language WHEN 'en' THEN x.en_t ELSE x.sv_t END, CASE l.language WHEN 'en' THEN x.en_d ELSE x.sv_d END
       FROM items i
       JOIN unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) AS x(pl, pos, en_t, en_d, sv_t, sv_d)
         ON x.pl = i.platform AND x.pos = i.position
      CROSS JOIN (VALUES ('en'), ('sv')) AS l(language)`,
    [faq.map((f) => f[0]), faq.map((f) => f[1]), faq.map((f) => f[2]), faq.map((f) => f[3]), faq.map((f) => f[4]), faq.map((f) => f[5])],
  );
  return `promo codes in every mode, ombuds and ${faq.length} FAQ articles`;
}
