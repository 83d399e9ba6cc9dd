/**
 * The demo sales, step 2: what the sold events offer besides seats (four products each) and the promo codes of
 * each promoter. Runs after salesPlan's sale_events and before the orders are written.
 */
export const CATALOG_STATEMENTS: string[] = [
  // k: product slot; concert and sport variants; prices in öre incl VAT; printed matter 6 %, food 12 %, else 25 %.
  `CREATE TEMP TABLE seed_products ON COMMIT DROP AS
   SELECT * FROM (VALUES
     (1, 'clothing', 'Tour T-shirt', 'Turné-t-shirt', 29900, 'Home jersey', 'Hemmatröja', 89900, 25, true),
     (2, 'accessories', 'Tote bag', 'Tygkasse', 14900, 'Supporter scarf', 'Halsduk', 24900, 25, false),
     (3, 'print', 'Tour programme', 'Turnéprogram', 12000, 'Match programme', 'Matchprogram', 6000, 6, false),
     (4, 'food', 'Drink voucher', 'Dryckesbiljett', 8900, 'Hot dog and drink', 'Korv med bröd och dryck', 7500, 12, false)
   ) AS p(k, alias, concert_en, concert_sv, concert_price, sport_en, sport_sv, sport_price, vat, has_options)`,

  // Put in the shop a week before the tickets were released (the first sales sell it too).
  `INSERT INTO merchandises (event_id, promoter_id, type_id, price_ore, vat_percent, quantity, sku, has_options,
                             max_amount_can_be_sold_in_general, max_amount_can_be_sold_per_option, refundable, created_at)
   SELECT se.event_id, se.promoter_id, mt.id,
          CASE WHEN e.type = 'sport' THEN p.sport_price ELSE p.concert_price END, p.vat, 100000,
          'EV' || se.event_id || '-' || p.k, p.has_options, 10, CASE WHEN p.has_options THEN 5 END, p.alias <> 'food',
          (se.opens - interval '7 days') AT TIME ZONE 'Europe/Stockholm'
     FROM sale_events se
     JOIN events e ON e.id = se.event_id
     CROSS JOIN seed_products p
     JOIN merchandise_types mt ON mt.alias = p.alias
    ORDER BY se.event_id, p.k`,

  `INSERT INTO merchandise_translations (merchandise_id, language, name, description, delivery_description, size_fit_description)
   SELECT m.id, l.language,
          CASE WHEN l.language = 'en' THEN CASE WHEN e.type = 'sport' THEN p.sport_en ELSE p.concert_en END
               ELSE CASE WHEN e.type = 'sport' THEN p.sport_sv ELSE p.concert_sv END END,
          CASE WHEN l.language = 'en' THEN 'Official merchandise.' ELSE 'Officiella produkter.' END,
          CASE WHEN l.language = 'en' THEN 'Pick up at the venue.' ELSE 'Hämtas på arenan.' END,
          CASE WHEN p.has_options THEN CASE WHEN l.language = 'en' THEN 'True to size.' ELSE 'Normal passform.' END ELSE '' END
     FROM sale_events se
     JOIN events e ON e.id = se.event_id
     JOIN merchandises m ON m.event_id = se.event_id AND m.sku LIKE 'EV%'
     JOIN seed_products p ON m.sku = 'EV' || se.event_id || '-' || p.k
     CROSS JOIN (VALUES ('en'), ('sv')) AS l(language)`,

  `INSERT INTO merchandise_options (merchandise_id, name_en, name_sv, sku, quantity)
   SELECT m.id, s.size, s.size, m.sku || '-' || s.size, 25000
     FROM sale_events se
     JOIN merchandises m ON m.event_id = se.event_id AND m.has_options
     CROSS JOIN (VALUES (1, 'S'), (2, 'M'), (3, 'L'), (4, 'XL')) AS s(pos, size)
    ORDER BY m.id, s.pos`,

  `CREATE TEMP TABLE gen_catalog ON COMMIT DROP AS
   SELECT m.event_id, p.k, m.id AS merchandise_id, m.price_ore, m.vat_percent, m.has_options,
          (SELECT min(o.id) FROM merchandise_options o WHERE o.merchandise_id = m.id) AS first_option_id
     FROM sale_events se
     JOIN merchandises m ON m.event_id = se.event_id
     JOIN seed_products p ON m.sku = 'EV' || se.event_id || '-' || p.k`,

  // Promo codes: A and B lower ticket prices, M merchandise prices; made a week before the promoter's first release.
  `INSERT INTO discounts (promoter_id, name, promo_code, item_type, type, value, expire_date, max_usages, created_at)
   SELECT p.promoter_id, d.name, d.code, d.item_type, d.type, d.value, (c.now_local + interval '1 year')::date, NULL,
          (p.opens - interval '7 days') AT TIME ZONE 'Europe/Stockholm'
     FROM (SELECT promoter_id, min(opens) AS opens FROM sale_events GROUP BY 1) p
     CROSS JOIN seed_ctx c
     CROSS JOIN (VALUES ('Early bird 10 %', 'EARLY10', 'ticket', 'percentage', 10),
                        ('Friends 50 kr', 'FRIENDS50', 'ticket', 'amount', 50),
                        ('Merchandise 20 %', 'MERCH20', 'merchandise', 'percentage', 20)) AS d(name, code, item_type, type, value)
   ON CONFLICT DO NOTHING`,

  `CREATE TEMP TABLE gen_codes ON COMMIT DROP AS
   SELECT p.promoter_id,
          (SELECT id FROM discounts d WHERE d.promoter_id = p.promoter_id AND upper(d.promo_code) = 'EARLY10') AS code_a,
          (SELECT id FROM discounts d WHERE d.promoter_id = p.promoter_id AND upper(d.promo_code) = 'FRIENDS50') AS code_b,
          (SELECT id FROM discounts d WHERE d.promoter_id = p.promoter_id AND upper(d.promo_code) = 'MERCH20') AS code_m
     FROM (SELECT DISTINCT promoter_id FROM sale_events) p`,
];
