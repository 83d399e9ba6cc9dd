import type { Shift, ShiftClose } from '../../src/contracts/boxoffice';
import { TENDER_METHODS, cashDifference, type TenderMethod } from '../../src/domain/tenders';
import { writeAudit } from '../audit/auditLog';
import type { Queryable } from '../db/database';

/**
 * The operator's shift at the counter (issue 35; docs/boxoffice.md "Paying at the counter"): the payments they took
 * since their last close (or since the start of the Stockholm day, whichever is later), split by tender, and the
 * cash the drawer should hold: cash taken minus cash given back for releases. Closing writes what was counted beside
 * what was expected; the difference is a CHECK of the row (260_counter_tenders.sql).
 */

const OPENED_AT = `greatest(
  (SELECT max(closed_at) FROM counter_shift_closes WHERE user_id = $1),
  (date_trunc('day', now() AT TIME ZONE 'Europe/Stockholm') AT TIME ZONE 'Europe/Stockholm'))`;

const iso = (v: Date | string) => new Date(v).toISOString();

export async function openShift(db: Queryable, userId: number): Promise<Shift> {
  const [opened, taken, refunded, closes] = await Promise.all([
    db.query<{ at: Date | string }>(`SELECT ${OPENED_AT} AS at`, [userId]),
    db.query<{ method: TenderMethod; sales: number; amount: number; given: number; change: number }>(
      `SELECT method, count(*)::int AS sales, sum(total_ore)::int AS amount,
              coalesce(sum(given_ore), 0)::int AS given, coalesce(sum(change_ore), 0)::int AS change
         FROM counter_tenders WHERE sold_by = $1 AND created_at >= ${OPENED_AT} GROUP BY method`, [userId]),
    // Releases at the counter give the money back the way it came (refund rows against the tender's payment).
    db.query<{ method: TenderMethod; amount: number }>(
      `SELECT t.method, coalesce(sum(ri.refund_amount_ore), 0)::int AS amount
         FROM refunds rf JOIN refund_items ri ON ri.refund_id = rf.id JOIN counter_tenders t ON t.payment_id = rf.payment_id
        WHERE rf.refunded_by = $1 AND rf.created_at >= (${OPENED_AT} AT TIME ZONE 'Europe/Stockholm') GROUP BY t.method`, [userId]),
    db.query<ShiftClose & { opened_at: Date | string; closed_at: Date | string }>(
      `SELECT id::int, opened_at, closed_at, expected_cash_ore, counted_cash_ore, difference_ore, card_ore, other_ore
         FROM counter_shift_closes
        WHERE user_id = $1 AND closed_at >= (date_trunc('day', now() AT TIME ZONE 'Europe/Stockholm') AT TIME ZONE 'Europe/Stockholm')
        ORDER BY closed_at DESC, id DESC`, [userId]),
  ]);
  const tenders = TENDER_METHODS.map((method) => {
    const t = taken.rows.find((x) => x.method === method);
    return {
      method, sales: Number(t?.sales ?? 0), amount_ore: Number(t?.amount ?? 0), given_ore: Number(t?.given ?? 0), change_ore: Number(t?.change ?? 0),
      refunded_ore: Number(refunded.rows.find((x) => x.method === method)?.amount ?? 0),
    };
  });
  const cash = tenders.find((t) => t.method === 'cash')!;
  return {
    opened_at: iso(opened.rows[0]!.at),
    tenders,
    expected_cash_ore: cash.amount_ore - cash.refunded_ore,
    closes: closes.rows.map((c) => ({ ...c, id: Number(c.id), opened_at: iso(c.opened_at), closed_at: iso(c.closed_at) })),
  };
}

/** Closes the operator's shift with the cash counted; one close at a time per operator (their user row locked). */
export async function closeShift(tx: Queryable, userId: number, countedOre: number): Promise<ShiftClose> {
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const shift = await openShift(tx, userId);
  const net = (m: TenderMethod) => {
    const t = shift.tenders.find((x) => x.method === m)!;
    return t.amount_ore - t.refunded_ore;
  };
  const { rows } = await tx.query<{ id: number; closed_at: Date | string }>(
    `INSERT INTO counter_shift_closes (user_id, opened_at, expected_cash_ore, counted_cash_ore, difference_ore, card_ore, other_ore)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, closed_at`,
    [userId, shift.opened_at, shift.expected_cash_ore, countedOre, cashDifference(shift.expected_cash_ore, countedOre), net('card'), net('other')],
  );
  const close: ShiftClose = {
    id: Number(rows[0]!.id), opened_at: shift.opened_at, closed_at: iso(rows[0]!.closed_at), expected_cash_ore: shift.expected_cash_ore,
    counted_cash_ore: countedOre, difference_ore: cashDifference(shift.expected_cash_ore, countedOre), card_ore: net('card'), other_ore: net('other'),
  };
  await writeAudit(tx, { userId, action: 'boxoffice.shift_close', amounts: { ...close } });
  return close;
}
