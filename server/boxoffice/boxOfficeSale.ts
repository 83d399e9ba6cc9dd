import { BOX_OFFICE_MESSAGES, type Tender } from '../../src/contracts/boxoffice';
import { isTenderError, tenderRow, type TenderRow } from '../../src/domain/tenders';
import { extraFeeFromDescription, serviceFeeOre, type ServiceFeeBand } from '../../src/domain/serviceFees';
import { exclFromIncl } from '../../src/domain/vat';
import { writeAudit } from '../audit/auditLog';
import type { Queryable } from '../db/database';
import { HttpError } from '../httpErrors';
import { writeRefunds } from '../refunds/refundLines';
import { NOW_LOCAL, type ReservationRow } from '../reservations/reservationQueries';
import type { ReserveHooks } from '../reservations/reserveTickets';

/**
 * What a box-office sale writes besides its tickets (docs/boxoffice.md "What a sale writes"), in the sale's own
 * transaction: the counter is paid at once, so the tickets become sold (channel 'sale', sold_at, the payment), each
 * ticket gets its service fee (the promoter's band, else the platform's default bands) and the reservation's extra fee
 * as fee items naming it, and one paid payment of provider 'boxoffice' carries the lot. Money in öre.
 */

/** Refuses a sale once the reservation's validity date has passed (read under the order's row lock). */
export async function assertBoxOfficeValid(tx: Queryable, r: ReservationRow): Promise<void> {
  const { rows } = await tx.query<{ passed: boolean; until: string | null }>(
    `SELECT (validity_date IS NOT NULL AND validity_date < ${NOW_LOCAL}) AS passed,
            to_char(validity_date, 'DD.MM.YYYY HH24:MI') AS until
       FROM orders WHERE id = $1`,
    [r.id],
  );
  if (rows[0]?.passed) throw new HttpError(422, 'validity_passed', BOX_OFFICE_MESSAGES.validityPassed(rows[0].until ?? ''));
}

/** The service-fee bands of a promoter, or the platform's default bands when it has none (026_service_fees.sql). */
export async function serviceFeeBands(db: Queryable, promoterId: number): Promise<ServiceFeeBand[]> {
  const { rows } = await db.query<{ price_min_ore: number; price_max_ore: number | null; fixed_ore: number }>(
    `SELECT price_min_ore, price_max_ore, fixed_ore FROM service_fees
      WHERE promoter_id IS NOT DISTINCT FROM (SELECT promoter_id FROM service_fees WHERE promoter_id = $1 LIMIT 1)`,
    [promoterId],
  );
  return rows.map((b) => ({ price_min: Number(b.price_min_ore), price_max: b.price_max_ore === null ? null : Number(b.price_max_ore), fixed: Number(b.fixed_ore) }));
}

/** A sale with no tender stated (an API caller that predates tenders) is recorded as "other". */
const NOT_STATED: Tender = { method: 'other', reference: null };

/**
 * The tender row of a sale of `totalOre` (src/domain/tenders.ts): a refusal is the operator's message. A sale
 * replayed from offline (`offline`) took its money already: cash given below the server's total (prices changed
 * while the counter was offline) is recorded as the exact amount rather than refusing a sale the customer holds.
 */
export function counterTender(tender: Tender | undefined, totalOre: number, offline = false): TenderRow {
  const row = tenderRow(tender ?? NOT_STATED, totalOre);
  if (!isTenderError(row)) return row;
  if (offline && row.field === 'given') return tenderRow({ method: 'cash' }, totalOre) as TenderRow;
  throw new HttpError(422, 'tender_invalid', row.error);
}

/** Pays the tickets a sale just added to a box-office reservation (their item ids, from the reserve), with its tender. */
export async function payBoxOfficeSale(tx: Queryable, r: ReservationRow, userId: number, ticketIds: number[], tender?: Tender, offlineKey?: string): Promise<{ paymentId: number; totalOre: number; tender: TenderRow } | null> {
  const [tickets, bands, order] = await Promise.all([
    tx.query<{ id: number; price_ore: number }>(
      `SELECT id, price_ore FROM order_items
        WHERE order_id = $1 AND id = ANY($2::bigint[]) AND type = 'ticket' AND valid AND payment_id IS NULL
        ORDER BY id`,
      [r.id, ticketIds],
    ),
    serviceFeeBands(tx, r.promoter_id),
    tx.query<{ fees_vat: string }>('SELECT fees_vat FROM orders WHERE id = $1', [r.id]),
  ]);
  if (tickets.rows.length === 0) return null;
  const extra = extraFeeFromDescription(r.description);
  const lines = tickets.rows.map((t) => ({ id: Number(t.id), price: Number(t.price_ore), service: serviceFeeOre(bands, Number(t.price_ore)) }));
  const totalOre = lines.reduce((sum, l) => sum + l.price + l.service + extra, 0);
  const paid = counterTender(tender, totalOre, offlineKey !== undefined);

  const payment = await tx.query<{ id: number }>(
    `WITH n AS (SELECT nextval(pg_get_serial_sequence('payments', 'id')) AS id)
     INSERT INTO payments (id, order_id, provider, provider_order_id, status, valid, amount_ore, discount_ore, paid_at)
     OVERRIDING SYSTEM VALUE
     SELECT n.id, $1, 'boxoffice', 'BO-' || n.id, 'paid', true, $2, 0, ${NOW_LOCAL} FROM n
     RETURNING id`,
    [r.id, totalOre],
  );
  const paymentId = Number(payment.rows[0].id);
  await tx.query(
    `INSERT INTO counter_tenders (payment_id, order_id, sold_by, method, total_ore, given_ore, change_ore, reference, offline_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [paymentId, r.id, userId, paid.method, paid.total_ore, paid.given_ore, paid.change_ore, paid.reference, offlineKey ?? null],
  );
  await tx.query(
    `UPDATE order_items SET channel = 'sale', payment_id = $2, sold_at = ${NOW_LOCAL} WHERE id = ANY($1::bigint[])`,
    [lines.map((l) => l.id), paymentId],
  );
  const fees = [
    ...lines.filter((l) => l.service > 0).map((l) => ({ of: l.id, type: 'ticket_service_fee', ore: l.service })),
    ...(extra > 0 ? lines.map((l) => ({ of: l.id, type: 'ticket_admin_fee', ore: extra })) : []),
  ];
  if (fees.length) {
    await tx.query(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, fee_type, channel, quantity, original_price_ore, price_ore,
                                vat_percent, payment_id, sold_at, fee_of_item_id)
       SELECT $1, $2, $3, 'fee', x.fee_type, 'sale', 1, x.ore, x.ore, $4, $5, ${NOW_LOCAL}, x.of
         FROM unnest($6::bigint[], $7::text[], $8::int[]) AS x(of, fee_type, ore)`,
      [r.id, r.event_id, r.promoter_id, Number(order.rows[0].fees_vat), paymentId, fees.map((f) => f.of), fees.map((f) => f.type), fees.map((f) => f.ore)],
    );
  }
  await tx.query(
    `UPDATE orders SET status = 'completed', confirmation_status = 'confirmed', confirmation_type = 'payment', updated_at = ${NOW_LOCAL}
      WHERE id = $1 AND status <> 'completed'`,
    [r.id],
  );
  await writeAudit(tx, {
    userId, action: 'boxoffice.sale', eventId: r.event_id, promoterId: r.promoter_id, orderId: r.id,
    amounts: { payment_id: paymentId, amount_ore: totalOre, tickets: lines.length, items: lines.map((l) => l.id), tender: paid.method, given_ore: paid.given_ore, change_ore: paid.change_ore },
  });
  return { paymentId, totalOre, tender: paid };
}

/**
 * A release at the counter gives the money back: the released tickets (already made invalid by removeTickets) and
 * their fees are refunded in full — all that is left of what was paid for them, differences paid for dearer seats
 * too — back to the payments that took it (a re-seat's difference to its own tender: server/refunds/refundLines.ts),
 * and the fees become invalid too. Tickets sold before sales were paid (no payment) are only released.
 * Answers what goes back, per tender of the payments it goes back to, for the counter to say (a payment with no
 * counter tender row, sold before tenders were kept, is "other").
 */
export async function refundBoxOfficeRelease(tx: Queryable, r: ReservationRow, userId: number, ticketIds: number[]): Promise<ReleaseRefund> {
  const { rows } = await tx.query<{ id: number; payment_id: number; left_ore: number; vat_percent: string }>(
    `SELECT i.id::int, i.payment_id::int, i.vat_percent::text,
            (i.price_ore::bigint * i.quantity
              + coalesce((SELECT sum(pi.original_price_increase_ore) FROM price_increases pi WHERE pi.order_item_id = i.id), 0)
              - coalesce((SELECT sum(ri.original_price_decrease_ore) FROM refund_items ri WHERE ri.order_item_id = i.id), 0))::int AS left_ore
       FROM order_items i
      WHERE i.order_id = $1 AND i.payment_id IS NOT NULL AND i.sold_at IS NOT NULL
        AND (i.id = ANY($2::bigint[]) OR (i.fee_of_item_id = ANY($2::bigint[]) AND i.valid))
      ORDER BY i.id FOR UPDATE OF i`,
    [r.id, ticketIds],
  );
  await tx.query(`UPDATE order_items SET valid = false WHERE fee_of_item_id = ANY($1::bigint[]) AND valid`, [ticketIds]);
  const owed = rows.filter((i) => Number(i.left_ore) > 0);
  if (owed.length === 0) return { amountOre: 0, tenders: [] };
  const written = await writeRefunds(tx, { eventId: r.event_id, promoterId: r.promoter_id, userId, reason: 'Released at the box office', feePercent: null },
    owed.map((i) => {
      const ore = Number(i.left_ore);
      return { itemId: i.id, orderId: r.id, paymentId: i.payment_id, keepValid: false, originalOre: ore, netOre: exclFromIncl(ore, Number(i.vat_percent)), amountOre: ore };
    }));
  await writeAudit(tx, {
    userId, action: 'boxoffice.release', eventId: r.event_id, promoterId: r.promoter_id, orderId: r.id,
    amounts: { refund_ids: written.map((w) => w.id), refund_amount_ore: owed.reduce((a, i) => a + Number(i.left_ore), 0), tickets: ticketIds },
  });
  const methods = await tx.query<{ payment_id: number; method: string }>(
    'SELECT payment_id::int, method FROM counter_tenders WHERE payment_id = ANY($1::bigint[])', [written.map((w) => w.paymentId)],
  );
  const methodOf = new Map(methods.rows.map((m) => [Number(m.payment_id), m.method]));
  const byMethod = new Map<string, number>();
  for (const w of written) {
    const method = methodOf.get(Number(w.paymentId)) ?? 'other';
    byMethod.set(method, (byMethod.get(method) ?? 0) + w.parts.reduce((a, x) => a + x.amountOre, 0));
  }
  const tenders = [...byMethod].map(([method, amountOre]) => ({ method, amountOre }));
  return { amountOre: tenders.reduce((a, t) => a + t.amountOre, 0), tenders };
}

/** What a release at the counter gives back, in öre, in all and per tender (cash, card, other). */
export interface ReleaseRefund { amountOre: number; tenders: { method: string; amountOre: number }[] }

/** A box-office reservation whose sold tickets are still valid cannot be deleted (the money is in): release first. */
export async function assertNoSoldTickets(tx: Queryable, r: ReservationRow): Promise<void> {
  const { rows } = await tx.query(`SELECT 1 FROM order_items WHERE order_id = $1 AND type = 'ticket' AND valid AND sold_at IS NOT NULL LIMIT 1`, [r.id]);
  if (rows.length) throw new HttpError(409, 'tickets_sold', BOX_OFFICE_MESSAGES.cannotDeleteSold);
}

/** A box-office sale is refused after the reservation's validity date, and paid at the counter (the reserve's hooks). */
export const boxOfficeSale: ReserveHooks = {
  admit: async (tx, r) => {
    if (r.type === 'boxoffice') await assertBoxOfficeValid(tx, r);
  },
  reserved: async (tx, r, ask, ticketIds) => {
    if (r.type === 'boxoffice') await payBoxOfficeSale(tx, r, ask.user.id, ticketIds, ask.tender, ask.offlineKey);
  },
};
