import type { OperatorSummary } from '../../src/contracts/boxoffice';
import { sekFromOre } from '../../src/domain/money';
import type { Queryable } from '../db/database';
import { openShift } from './counterShift';

/**
 * The operator summary, "Sold today" (docs/boxoffice.md "Operator summary"): this till's day. The tickets this
 * box-office user sold today (Stockholm day), per ticket type, at their sale's price with the fee items written at
 * the sale; then one line of the day's re-seat differences: what this user's till took for moves to dearer seats and
 * gave back for moves to cheaper ones. An item this user's till gave back in full (a release) is in no line; an item
 * refunded elsewhere (the back office's refund) stays in, since its money did not leave this till. Counted so, the
 * day's total is what the tenders say the till holds (taken − given back), to the öre, when the shift ran all day: a
 * ticket sold, moved and released today is in neither, a difference paid today for a ticket sold earlier is in both.
 */

/** The differences line's name (its count is the moves, not tickets). */
export const RESEAT_DIFFERENCES = 'Re-seat differences';

const TODAY = `date_trunc('day', now() AT TIME ZONE 'Europe/Stockholm')`;

/**
 * An item this till still counts: valid, or ended by a refund that was not this user's (the back office refunded it:
 * the till did not give that money back). A release at this till ends it here. `$1` is the user.
 */
const COUNTED = (a: string) => `(${a}.valid OR (${a}.payment_id IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM refund_items rx JOIN refunds fx ON fx.id = rx.refund_id
   WHERE rx.order_item_id = ${a}.id AND NOT rx.keep_valid AND fx.refunded_by = $1)))`;

interface Amounts { count: number; tickets: number; service: number; extra: number }
const line = (ticket_type: string, l: Amounts) => ({
  ticket_type, count: l.count, tickets: sekFromOre(l.tickets), service_fees: sekFromOre(l.service), extra_fees: sekFromOre(l.extra),
  total: sekFromOre(l.tickets + l.service + l.extra),
});

export async function operatorSummary(db: Queryable, userId: number): Promise<OperatorSummary> {
  const [items, moves, day, shift] = await Promise.all([
    // Each ticket with its own fee items written at its sale (paid by the sale's payment; a fee item a later move
    // wrote is a difference, below).
    db.query<{ ticket_type: string | null; price_ore: number; service: number; extra: number }>(
      `SELECT tt.name AS ticket_type, i.price_ore,
              coalesce(sum(f.price_ore) FILTER (WHERE f.fee_type = 'ticket_service_fee'), 0)::int AS service,
              coalesce(sum(f.price_ore) FILTER (WHERE f.fee_type = 'ticket_admin_fee'), 0)::int AS extra
         FROM orders o JOIN order_items i ON i.order_id = o.id AND i.type = 'ticket' AND ${COUNTED('i')}
         LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
         LEFT JOIN order_items f ON f.fee_of_item_id = i.id AND ${COUNTED('f')} AND f.payment_id IS NOT DISTINCT FROM i.payment_id
        WHERE o.type = 'boxoffice' AND o.owner_id = $1 AND o.status <> 'void'
          AND i.created_at >= ${TODAY}
        GROUP BY i.id, tt.name, i.price_ore`,
      [userId],
    ),
    // The day's re-seat differences at this user's till, on items it still counts: a move is one payment of a
    // difference (its tender's operator, as the shift counts taken) or one refund transaction (its operator, as the
    // shift counts given back).
    db.query<{ moves: number; tickets: number; service: number; extra: number }>(
      `WITH d AS (
         SELECT 'p' || pi.payment_id AS move, i.type, i.fee_type, pi.original_price_increase_ore::bigint AS ore
           FROM price_increases pi JOIN order_items i ON i.id = pi.order_item_id AND ${COUNTED('i')}
           JOIN counter_tenders t ON t.payment_id = pi.payment_id AND t.sold_by = $1
          WHERE pi.created_at >= ${TODAY}
         UNION ALL
         SELECT 'p' || f.payment_id, f.type, f.fee_type, f.price_ore::bigint * f.quantity
           FROM order_items f JOIN order_items tk ON tk.id = f.fee_of_item_id
           JOIN counter_tenders t ON t.payment_id = f.payment_id AND t.sold_by = $1
          WHERE ${COUNTED('f')} AND f.payment_id <> tk.payment_id AND f.created_at >= ${TODAY}
         UNION ALL
         SELECT 'r' || rf.order_id || '@' || rf.created_at::text, i.type, i.fee_type, -ri.refund_amount_ore::bigint
           FROM refunds rf JOIN refund_items ri ON ri.refund_id = rf.id AND ri.reseat
           JOIN order_items i ON i.id = ri.order_item_id AND ${COUNTED('i')}
           JOIN counter_tenders t ON t.payment_id = rf.payment_id
          WHERE rf.refunded_by = $1 AND rf.created_at >= ${TODAY})
       SELECT count(DISTINCT move)::int AS moves,
              coalesce(sum(ore) FILTER (WHERE type <> 'fee'), 0)::int AS tickets,
              coalesce(sum(ore) FILTER (WHERE fee_type = 'ticket_service_fee'), 0)::int AS service,
              coalesce(sum(ore) FILTER (WHERE fee_type = 'ticket_admin_fee'), 0)::int AS extra
         FROM d`,
      [userId],
    ),
    db.query<{ day: string }>(`SELECT to_char(now() AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD') AS day`),
    openShift(db, userId),
  ]);
  const by = new Map<string, Amounts>();
  for (const i of items.rows) {
    const key = i.ticket_type ?? '–';
    const l = by.get(key) ?? { count: 0, tickets: 0, service: 0, extra: 0 };
    l.count += 1;
    l.tickets += Number(i.price_ore);
    l.service += Number(i.service);
    l.extra += Number(i.extra);
    by.set(key, l);
  }
  const m = moves.rows[0]!;
  const diff: Amounts = { count: Number(m.moves), tickets: Number(m.tickets), service: Number(m.service), extra: Number(m.extra) };
  const sold = [...by.values()].reduce((a, l) => ({ count: a.count + l.count, tickets: a.tickets + l.tickets, service: a.service + l.service, extra: a.extra + l.extra }), { count: 0, tickets: 0, service: 0, extra: 0 });
  // The total counts tickets (a move is not a ticket) and all the money, differences too.
  const all = { count: sold.count, tickets: sold.tickets + diff.tickets, service: sold.service + diff.service, extra: sold.extra + diff.extra };
  return {
    day: day.rows[0]!.day,
    rows: [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, l]) => line(k, l)),
    differences: diff.count > 0 ? line(RESEAT_DIFFERENCES, diff) : null,
    totals: line('Total', all),
    shift,
  };
}
