import type { Queryable } from '../database';

/**
 * Demo merchandise beyond the sold catalogue: the sales seed (salesCatalog.ts) gives every active event four products;
 * the events that sell nothing yet (drafts, upcoming, seasons' children) get a T-shirt in sizes and a programme here,
 * so every event's Shop has something to edit; and each promoter gets one gift card (001 §2), outside any event.
 * Set-based and deterministic.
 */
export async function seedMerchandise(tx: Queryable): Promise<string> {
  const items = await tx.query(
    `WITH bare AS (
       SELECT e.id AS event_id, e.promoter_id FROM events e
        WHERE e.entity_type = 'ordinary' AND NOT EXISTS (SELECT 1 FROM merchandises m WHERE m.event_id = e.id)
     ), products(k, alias, en, sv, price_ore, vat, has_options, qty, en_desc, sv_desc) AS (VALUES
       (1, 'clothing', 'Event T-shirt', 'Evenemangs-t-shirt', 27900, 25, true, 0, 'Organic cotton T-shirt with the event artwork.', 'T-shirt i ekologisk bomull med evenemangets motiv.'),
       (2, 'print', 'Souvenir programme', 'Souvenirprogram', 9900, 6, false, 400, 'Forty pages of photos and stories from the evening.', 'Fyrtio sidor bilder och berättelser från kvällen.')
     )
     INSERT INTO merchandises (event_id, promoter_id, type_id, price_ore, vat_percent, quantity, sku, has_options,
                               max_amount_can_be_sold_in_general, max_amount_can_be_sold_per_option, refundable)
     SELECT b.event_id, b.promoter_id, mt.id, p.price_ore, p.vat, CASE WHEN p.has_options THEN 240 ELSE p.qty END,
            'SH' || b.event_id || '-' || p.k, p.has_options, 10, CASE WHEN p.has_options THEN 4 END, true
       FROM bare b CROSS JOIN products p JOIN merchandise_types mt ON mt.alias = p.alias
      ORDER BY b.event_id, p.k`,
  );
  await tx.query(
    `INSERT INTO merchandise_translations (merchandise_id, language, name, description, delivery_description, size_fit_description)
     SELECT m.id, l.language,
            CASE WHEN m.has_options THEN CASE l.language WHEN 'en' THEN 'Event T-shirt' ELSE 'Evenemangs-t-shirt' END
                 ELSE CASE l.language WHEN 'en' THEN 'Souvenir programme' ELSE 'Souvenirprogram' END END,
            CASE WHEN m.has_options THEN CASE l.language WHEN 'en' THEN 'Organic cotton T-shirt with the event artwork.' ELSE 'T-shirt i ekologisk bomull med evenemangets motiv.' END
                 ELSE CASE l.language WHEN 'en' THEN 'Forty pages of photos and stories from the evening.' ELSE 'Fyrtio sidor bilder och berättelser från kvällen.' END END,
            CASE l.language WHEN 'en' THEN 'Pick it up at the merchandise stand on the day.' ELSE 'Hämtas i merchandiseståndet på plats.' END,
            CASE WHEN m.has_options THEN CASE l.language WHEN 'en' THEN 'Regular fit; order your usual size.' ELSE 'Normal passform; beställ din vanliga storlek.' END
                 ELSE CASE l.language WHEN 'en' THEN 'A5, 40 pages.' ELSE 'A5, 40 sidor.' END END
       FROM merchandises m CROSS JOIN (VALUES ('en'), ('sv')) AS l(language)
      WHERE m.sku LIKE 'SH%'`,
  );
  await tx.query(
    `INSERT INTO merchandise_options (merchandise_id, name_en, name_sv, sku, quantity)
     SELECT m.id, s.en, s.sv, m.sku || '-' || s.code, 60
       FROM merchandises m
       CROSS JOIN (VALUES (1, 'S', 'Small', 'Liten'), (2, 'M', 'Medium', 'Mellan'), (3, 'L', 'Large', 'Stor'), (4, 'XL', 'Extra large', 'Extra stor')) AS s(pos, code, en, sv)
      WHERE m.sku LIKE 'SH%' AND m.has_options
      ORDER BY m.id, s.pos`,
  );
  // One gift card per promoter (the first two promoters: Nordic Live AB and Arena Sport Events AB).
  const cards = await tx.query(
    `WITH p AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM promoters WHERE status = 'active' ORDER BY id LIMIT 2)
     INSERT INTO merchandises (event_id, promoter_id, type_id, price_ore, vat_percent, quantity, sku, has_options,
                               max_amount_can_be_sold_in_general, max_amount_can_be_sold_per_option, refundable, created_at)
     SELECT NULL, p.id, (SELECT id FROM merchandise_types WHERE alias = 'gift_card'), CASE p.n WHEN 1 THEN 50000 ELSE 30000 END, 0,
            CASE p.n WHEN 1 THEN 500 ELSE 300 END, 'GC' || p.id, p.n = 1, 5, CASE WHEN p.n = 1 THEN 5 END, false,
            timestamptz '2026-01-15 10:00:00+01' + (p.n || ' days')::interval
       FROM p ORDER BY p.n`,
  );
  await tx.query(
    `INSERT INTO merchandise_translations (merchandise_id, language, name, description, delivery_description, size_fit_description)
     SELECT m.id, l.language,
            CASE WHEN m.has_options THEN CASE l.language WHEN 'en' THEN 'Concert gift card' ELSE 'Presentkort konsert' END
                 ELSE CASE l.language WHEN 'en' THEN 'Match day gift card' ELSE 'Presentkort matchdag' END END,
            CASE l.language WHEN 'en' THEN 'Give an evening out: valid for tickets and merchandise for 12 months.'
                 ELSE 'Ge bort en kväll ute: gäller biljetter och produkter i 12 månader.' END,
            CASE l.language WHEN 'en' THEN 'Sent by email as a PDF at once.' ELSE 'Skickas direkt med e-post som PDF.' END,
            CASE l.language WHEN 'en' THEN 'One size.' ELSE 'En storlek.' END
       FROM merchandises m CROSS JOIN (VALUES ('en'), ('sv')) AS l(language)
      WHERE m.sku LIKE 'GC%' AND m.event_id IS NULL`,
  );
  await tx.query(
    `INSERT INTO merchandise_options (merchandise_id, name_en, name_sv, sku, quantity)
     SELECT m.id, v.en, v.sv, m.sku || '-' || v.code, v.qty
       FROM merchandises m
       CROSS JOIN (VALUES (1, 'CLASSIC', 'Classic card', 'Klassiskt kort', 300), (2, 'FESTIVE', 'Festive card', 'Festligt kort', 200)) AS v(pos, code, en, sv, qty)
      WHERE m.sku LIKE 'GC%' AND m.event_id IS NULL AND m.has_options
      ORDER BY m.id, v.pos`,
  );
  return `merchandise: ${items.rowCount ?? 0} items on events without a shop, ${cards.rowCount ?? 0} gift cards`;
}
