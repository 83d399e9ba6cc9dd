import { createPublicKey, verify } from 'node:crypto';
import { OFFLINE_SALE_MESSAGES as M, type OfflineSale, type OfflineSaleBody } from '../../src/contracts/offlineSales';
import { offlineTicketText, parseOfflineTicketQr, OFFLINE_TICKET_PREFIX } from '../../src/domain/offlineTicket';
import { writeAudit } from '../audit/auditLog';
import { boxOfficeSale, counterTender } from '../boxoffice/boxOfficeSale';
import type { Queryable } from '../db/database';
import { HttpError } from '../httpErrors';
import type { SessionUser } from '../plugins/auth';
import type { ReservationRow } from '../reservations/reservationQueries';
import { reserveGroup, SeatsError, type ReserveAsk } from '../reservations/reserveTickets';

/**
 * Offline sales from a seat lease (issue 35; docs/boxoffice.md "Selling offline"). The counter registers an Ed25519
 * public key with its lease; offline it signs each ticket it sells; back online it replays each logged sale here with
 * its idempotency key. A replay is one transaction under the counter's row lock: the key's recorded answer if there
 * is one, else the signatures are checked and the sale goes through the reserve every channel uses (its unique index
 * and the lease guard decide), and the answer is recorded under the key. A sale the database refuses (the lease was
 * revoked and the seat sold elsewhere) is recorded as a conflict, never forced.
 */

/** Registers the counter's public key with its running lease; the same key again is fine, another one is refused. */
export async function registerCounterKey(tx: Queryable, r: ReservationRow, leaseId: number, publicKey: string): Promise<void> {
  const { rows } = await tx.query<{ counter_key: string | null; running: boolean }>(
    'SELECT counter_key, (ended_at IS NULL AND ends_at > now()) AS running FROM seat_leases WHERE id = $1 AND order_id = $2 FOR UPDATE', [leaseId, r.id]);
  const lease = rows[0];
  if (!lease) throw new HttpError(404, 'not_found', 'Lease not found.');
  if (lease.counter_key === publicKey) return;
  if (lease.counter_key !== null) throw new HttpError(409, 'key_taken', M.keyTaken);
  if (!lease.running) throw new HttpError(409, 'lease_ended', 'This lease has ended.');
  await tx.query('UPDATE seat_leases SET counter_key = $2 WHERE id = $1', [leaseId, publicKey]);
}

/** Whether `signature` (base64url) is the lease key's Ed25519 signature of `text`. */
export function signedBy(publicKey: string, text: string, signature: string): boolean {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
    return verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

interface Recorded { outcome: 'applied' | 'conflict'; answer: OfflineSale }

const SELECT_SALES = `SELECT idempotency_key, lease_id, seq, sold_at, replayed_at, outcome, body, answer FROM offline_sales`;

/** The sale as stored, in arrays (jsonb keeps their order, not an object's keys'): a retry compares equal. */
const stored = (body: OfflineSaleBody) => [body.lease, ...body.tickets.map((t) => [t.section, t.row, t.seat, t.ticket_type, t.signature])];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Line = OfflineSaleBody['tickets'][number];
/** A standing place of the lease (issue 35): no row and seat, its number within the sale. */
const isStanding = (t: Line) => t.row === undefined && t.seat === undefined;
/** A ticket names a seat (row and seat) or a standing place (its number), never half of one. */
const wellFormed = (body: OfflineSaleBody) => body.tickets.every((t) => (isStanding(t) ? t.place !== undefined : t.row !== undefined && t.seat !== undefined && t.place === undefined));
/** What the reserve is asked for: a seat, or one place of the standing area. */
const toReserve = (eventId: number, t: Line) => (isStanding(t)
  ? { event: eventId, section: t.section, ticket_type: t.ticket_type, count: 1 }
  : { event: eventId, section: t.section, row: t.row, seat: t.seat, ticket_type: t.ticket_type });
/** The answer's line of a ticket. */
const answerLine = (t: Line, itemId: number | null, conflict: boolean) => ({
  section: t.section, row: t.row ?? null, seat: t.seat ?? null, ...(isStanding(t) ? { place: t.place } : {}), ticket_type: t.ticket_type, item_id: itemId, conflict,
});
/** Whether a refusal naming `refused` (null: the whole sale) is about this ticket. */
const refusedLine = (refused: { section: string; row: string | null; seat: string | null }[] | null, t: Line) =>
  refused === null || refused.some((s) => s.section === t.section && s.row === (t.row ?? null) && s.seat === (t.seat ?? null));

/**
 * Replays one offline sale of counter `r` (its row locked by the caller, so replays of one counter run one at a
 * time). Answers what was recorded for the key, whatever the number of replays.
 */
export async function replayOfflineSale(tx: Queryable, user: SessionUser, r: ReservationRow, body: OfflineSaleBody): Promise<Recorded> {
  const done = await tx.query<{ outcome: 'applied' | 'conflict'; body: unknown; answer: OfflineSale }>(
    `${SELECT_SALES} WHERE order_id = $1 AND idempotency_key = $2`, [r.id, body.key]);
  if (done.rows[0]) {
    if (!same(done.rows[0].body, stored(body))) throw new HttpError(422, 'key_reused', M.keyReused);
    return { outcome: done.rows[0].outcome, answer: done.rows[0].answer };
  }
  const lease = await tx.query<{ counter_key: string | null }>('SELECT counter_key FROM seat_leases WHERE id = $1 AND order_id = $2', [body.lease, r.id]);
  if (!lease.rows[0]) throw new HttpError(404, 'not_found', 'Lease not found.');
  const key = lease.rows[0].counter_key;
  if (key === null) throw new HttpError(422, 'no_counter_key', M.noKey);
  if (!wellFormed(body)) throw new HttpError(422, 'bad_ticket', M.placeOrSeat);
  // Every ticket signed by the lease's key: a forged or altered sale is refused whole, and nothing is recorded.
  if (!body.tickets.every((t) => signedBy(key, offlineTicketText(body.lease, body.key, t), t.signature))) throw new HttpError(422, 'bad_signature', M.badSignature);
  // A tender the till would refuse (a card payment without its reference) is refused before anything is written.
  if (body.tender) counterTender({ ...body.tender, given_ore: null }, 0);
  const soldAt = Number.isNaN(Date.parse(body.sold_at)) ? new Date() : new Date(body.sold_at);

  const tickets = body.tickets.map((t) => toReserve(r.event_id, t));
  // The sale is tried under a savepoint: a refusal (or a database guard's SL001 or SH001 in a race) undoes it, not the record.
  await tx.query('SAVEPOINT offline_sale');
  let outcome: Error | ReservationRow;
  // The items the sale wrote (its standing places have no labels to find them by).
  const written: number[] = [];
  const hooks = { ...boxOfficeSale, reserved: async (t: Queryable, row: ReservationRow, ask: ReserveAsk, ids: number[]) => {
    written.push(...ids);
    await boxOfficeSale.reserved?.(t, row, ask, ids);
  } };
  try {
    [outcome] = await reserveGroup(tx, [{ user, id: r.id, tickets, tender: body.tender, offlineKey: body.key }], hooks) as [Error | ReservationRow];
  } catch (err) {
    // The database's guards in a race the reserve's read missed: a seat leased to another counter (SL001) or hidden
    // on the pricing map meanwhile (SH001, 297_hidden_seat_guard.sql).
    const code = (err as { code?: string }).code;
    if (code !== 'SL001' && code !== 'SH001') throw err;
    outcome = code === 'SL001' ? new HttpError(409, 'seat_leased', (err as Error).message) : new HttpError(422, 'not_reservable', (err as Error).message);
  }
  const base = { key: body.key, lease: body.lease, seq: body.seq, sold_at: soldAt.toISOString() };
  let answer: Omit<OfflineSale, 'replayed_at'>;
  if (outcome instanceof Error) {
    await tx.query('ROLLBACK TO SAVEPOINT offline_sale');
    const refused = outcome instanceof SeatsError ? outcome.seats : null;
    answer = {
      ...base, outcome: 'conflict', code: (outcome as HttpError).code ?? 'refused', message: `${outcome.message} ${M.conflictAdvice}`,
      tickets: body.tickets.map((t) => answerLine(t, null, refusedLine(refused, t))),
    };
  } else {
    await tx.query('RELEASE SAVEPOINT offline_sale');
    const items = await tx.query<{ id: number; section: string; row: string | null; seat: string | null }>(
      `SELECT i.id, s.name AS section, ms.row_label AS row, ms.seat_label AS seat
         FROM order_items i JOIN map_sections s ON s.id = i.section_id LEFT JOIN map_seats ms ON ms.id = i.seat_id
        WHERE i.id = ANY($1::bigint[]) ORDER BY i.id`, [written]);
    // A seat by its labels; standing places of an area in the order they were written.
    const standingLeft = items.rows.filter((i) => i.row === null);
    const idOf = (t: Line) => {
      if (!isStanding(t)) return items.rows.find((i) => i.section === t.section && i.row === t.row && i.seat === t.seat)?.id;
      const k = standingLeft.findIndex((i) => i.section === t.section);
      return k < 0 ? undefined : standingLeft.splice(k, 1)[0]!.id;
    };
    answer = { ...base, outcome: 'applied', code: null, message: null, tickets: body.tickets.map((t) => answerLine(t, Number(idOf(t) ?? 0) || null, false)) };
  }
  const { rows } = await tx.query<{ replayed_at: Date | string }>(
    `INSERT INTO offline_sales (order_id, idempotency_key, lease_id, seq, sold_at, body, outcome, answer, replayed_by)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, '{}'::jsonb, $8) RETURNING replayed_at`,
    [r.id, body.key, body.lease, body.seq, soldAt.toISOString(), JSON.stringify(stored(body)), answer.outcome, user.id]);
  const full: OfflineSale = { ...answer, replayed_at: new Date(rows[0]!.replayed_at).toISOString() };
  await tx.query('UPDATE offline_sales SET answer = $3::jsonb WHERE order_id = $1 AND idempotency_key = $2', [r.id, body.key, JSON.stringify(full)]);
  await writeAudit(tx, {
    userId: user.id, action: `offline_sale.${answer.outcome}`, eventId: r.event_id, promoterId: r.promoter_id, orderId: r.id,
    amounts: { lease_id: body.lease, key: body.key, seq: body.seq, tickets: body.tickets.length },
  });
  return { outcome: answer.outcome, answer: full };
}

export interface BatchResult { key: string; status: number; sale: OfflineSale | null; error: { code: string; message: string } | null }

const refusal = (key: string, err: HttpError): BatchResult => ({ key, status: err.statusCode, sale: null, error: { code: err.code, message: err.message } });
const recorded = (key: string, outcome: 'applied' | 'conflict', sale: OfflineSale): BatchResult => ({ key, status: outcome === 'applied' ? 200 : 409, sale, error: null });

/** One by one, as the one-sale route does (a batch whose sales cannot go through the reserve together). */
async function replayOneByOne(tx: Queryable, user: SessionUser, r: ReservationRow, sales: OfflineSaleBody[]): Promise<BatchResult[]> {
  const out: BatchResult[] = [];
  for (const body of sales) {
    try {
      const { outcome, answer } = await replayOfflineSale(tx, user, r, body);
      out.push(recorded(body.key, outcome, answer));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      out.push(refusal(body.key, err));
    }
  }
  return out;
}

/**
 * Replays a batch of one counter's logged sales, in their order, in the caller's transaction (the counter's row
 * locked), each exactly once by its key with the same answers as replayOfflineSale one by one, but set-based: the
 * recorded keys and the leases are read once, the new sales go through the reserve as one group (whose outcome is what
 * running them one after the other gives: the unique index and the lease checks decide per sale), and their records
 * are written in one statement. A sale refused before anything is written for it (a reused key, an unknown lease, a
 * bad signature, a tender the till refuses) gets its error and the batch goes on. If the lease guard's trigger fails
 * the group (a lease committed meanwhile), the batch is rolled back to before the group and replayed one by one.
 */
export async function replayOfflineSales(tx: Queryable, user: SessionUser, r: ReservationRow, sales: OfflineSaleBody[]): Promise<BatchResult[]> {
  // Standing places are counted one sale at a time (the reserve's group of one), and keys used twice decide in order.
  if (new Set(sales.map((x) => x.key)).size !== sales.length || sales.some((x) => x.tickets.some(isStanding))) return replayOneByOne(tx, user, r, sales);
  const [done, leases] = await Promise.all([
    tx.query<{ idempotency_key: string; outcome: 'applied' | 'conflict'; body: unknown; answer: OfflineSale }>(
      `${SELECT_SALES} WHERE order_id = $1 AND idempotency_key = ANY($2::text[])`, [r.id, sales.map((x) => x.key)]),
    tx.query<{ id: number; counter_key: string | null }>('SELECT id, counter_key FROM seat_leases WHERE order_id = $1 AND id = ANY($2::bigint[])', [r.id, [...new Set(sales.map((x) => x.lease))]]),
  ]);
  const results: (BatchResult | null)[] = sales.map((body) => {
    const had = done.rows.find((d) => d.idempotency_key === body.key);
    if (had) return same(had.body, stored(body)) ? recorded(body.key, had.outcome, had.answer) : refusal(body.key, new HttpError(422, 'key_reused', M.keyReused));
    const lease = leases.rows.find((l) => Number(l.id) === body.lease);
    if (!lease) return refusal(body.key, new HttpError(404, 'not_found', 'Lease not found.'));
    const key = lease.counter_key;
    if (key === null) return refusal(body.key, new HttpError(422, 'no_counter_key', M.noKey));
    if (!wellFormed(body)) return refusal(body.key, new HttpError(422, 'bad_ticket', M.placeOrSeat));
    if (!body.tickets.every((t) => signedBy(key, offlineTicketText(body.lease, body.key, t), t.signature))) return refusal(body.key, new HttpError(422, 'bad_signature', M.badSignature));
    try {
      if (body.tender) counterTender({ ...body.tender, given_ore: null }, 0);
    } catch (err) {
      return refusal(body.key, err as HttpError);
    }
    return null;
  });
  const fresh = sales.filter((_, i) => results[i] === null);
  if (fresh.length === 0) return results as BatchResult[];

  await tx.query('SAVEPOINT offline_batch');
  let outcomes: (Error | ReservationRow)[];
  try {
    outcomes = await reserveGroup(tx, fresh.map((body) => ({
      user, id: r.id, tender: body.tender, offlineKey: body.key,
      tickets: body.tickets.map((t) => toReserve(r.event_id, t)),
    })), boxOfficeSale);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== 'SL001' && code !== 'SH001') throw err;
    await tx.query('ROLLBACK TO SAVEPOINT offline_batch');
    const again = await replayOneByOne(tx, user, r, fresh);
    return results.map((x) => x ?? again.shift()!);
  }
  await tx.query('RELEASE SAVEPOINT offline_batch');

  const sold = fresh.filter((_, k) => !(outcomes[k] instanceof Error)).flatMap((body) => body.tickets);
  const [items, now] = await Promise.all([
    sold.length === 0 ? { rows: [] } : tx.query<{ id: number; section: string; row: string; seat: string }>(
      `SELECT i.id, s.name AS section, ms.row_label AS row, ms.seat_label AS seat
         FROM order_items i JOIN map_sections s ON s.id = i.section_id JOIN map_seats ms ON ms.id = i.seat_id
        WHERE i.order_id = $1 AND i.valid AND i.type = 'ticket' AND (s.name, ms.row_label, ms.seat_label) IN (SELECT * FROM unnest($2::text[], $3::text[], $4::text[]))`,
      [r.id, sold.map((t) => t.section), sold.map((t) => t.row), sold.map((t) => t.seat)]),
    tx.query<{ at: Date | string }>('SELECT now() AS at'),
  ]);
  const replayedAt = new Date(now.rows[0]!.at).toISOString();
  const idOf = (t: Line) => items.rows.find((i) => i.section === t.section && i.row === t.row && i.seat === t.seat)?.id;
  const answers: OfflineSale[] = fresh.map((body, k) => {
    const outcome = outcomes[k]!;
    const soldAt = Number.isNaN(Date.parse(body.sold_at)) ? new Date() : new Date(body.sold_at);
    const base = { key: body.key, lease: body.lease, seq: body.seq, sold_at: soldAt.toISOString(), replayed_at: replayedAt };
    if (!(outcome instanceof Error)) {
      return { ...base, outcome: 'applied', code: null, message: null,
        tickets: body.tickets.map((t) => answerLine(t, Number(idOf(t) ?? 0) || null, false)) };
    }
    const refused = outcome instanceof SeatsError ? outcome.seats : null;
    return { ...base, outcome: 'conflict', code: (outcome as HttpError).code ?? 'refused', message: `${outcome.message} ${M.conflictAdvice}`,
      tickets: body.tickets.map((t) => answerLine(t, null, refusedLine(refused, t))) };
  });
  await tx.query(
    `INSERT INTO offline_sales (order_id, idempotency_key, lease_id, seq, sold_at, body, outcome, answer, replayed_by, replayed_at)
     SELECT $1, x.key, x.lease, x.seq, x.sold_at, x.body, x.outcome, x.answer, $2, $3
       FROM unnest($4::text[], $5::bigint[], $6::int[], $7::timestamptz[], $8::jsonb[], $9::text[], $10::jsonb[]) AS x(key, lease, seq, sold_at, body, outcome, answer)`,
    [r.id, user.id, replayedAt, answers.map((a) => a.key), answers.map((a) => a.lease), answers.map((a) => a.seq), answers.map((a) => a.sold_at),
      fresh.map((body) => JSON.stringify(stored(body))), answers.map((a) => a.outcome), answers.map((a) => JSON.stringify(a))]);
  await tx.query(
    `INSERT INTO audit_log (user_id, action, event_id, promoter_id, order_id, amounts)
     SELECT $1, 'offline_sale.' || x.outcome, $2, $3, $4, x.amounts FROM unnest($5::text[], $6::jsonb[]) AS x(outcome, amounts)`,
    [user.id, r.event_id, r.promoter_id, r.id, answers.map((a) => a.outcome),
      answers.map((a, k) => JSON.stringify({ lease_id: a.lease, key: a.key, seq: a.seq, tickets: fresh[k]!.tickets.length }))]);
  let next = 0;
  return results.map((x) => x ?? recorded(answers[next]!.key, answers[next]!.outcome, answers[next++]!));
}

/**
 * A door scanner's check of a ticket sold offline (`AO1|…`, issue 35): `signed` when the lease's counter key signed
 * it; `valid` when it may enter: its sale was replayed and the ticket is still valid, or it is not replayed yet and
 * nobody else holds the seat. A sale answered as a conflict is not valid. Outside the caller's promoter a signed
 * ticket is never valid (as for AT1 references). Null when the reference is not an offline ticket.
 */
export async function verifyOfflineTicket(db: Queryable, scope: number | null, reference: string) {
  if (!reference.startsWith(`${OFFLINE_TICKET_PREFIX}|`)) return null;
  const none = { signed: false, valid: false, ticket_id: null, reservation_id: null };
  const t = parseOfflineTicketQr(reference);
  if (!t) return none;
  const { rows } = await db.query<{ counter_key: string | null; order_id: number; mine: boolean; outcome: string | null; answer: OfflineSale | null; taken_elsewhere: boolean }>(
    `SELECT l.counter_key, l.order_id, ($2::bigint IS NULL OR o.promoter_id = $2) AS mine, os.outcome, os.answer,
            EXISTS (SELECT 1 FROM order_items i JOIN map_seats ms ON ms.id = i.seat_id JOIN map_sections s ON s.id = ms.section_id
                     WHERE i.event_id = l.event_id AND i.valid AND i.type = 'ticket' AND i.order_id <> l.order_id
                       AND s.name = $4 AND ms.row_label = $5 AND ms.seat_label = $6) AS taken_elsewhere
       FROM seat_leases l JOIN orders o ON o.id = l.order_id
       LEFT JOIN offline_sales os ON os.order_id = l.order_id AND os.idempotency_key = $3
      WHERE l.id = $1`,
    [t.leaseId, scope, t.saleKey, t.section, t.row, t.seat]);
  const lease = rows[0];
  if (!lease?.counter_key || !signedBy(lease.counter_key, t.text, t.signature)) return none;
  const reservationId = Number(lease.order_id);
  if (!lease.mine) return { signed: true, valid: false, ticket_id: null, reservation_id: reservationId };
  if (lease.outcome === null) return { signed: true, valid: !lease.taken_elsewhere, ticket_id: null, reservation_id: reservationId };
  const line = lease.answer?.tickets.find((x) => x.section === t.section && x.row === (t.row ?? null) && x.seat === (t.seat ?? null) && (x.place ?? null) === (t.place ?? null));
  const itemId = lease.outcome === 'applied' ? line?.item_id ?? null : null;
  if (itemId === null) return { signed: true, valid: false, ticket_id: null, reservation_id: reservationId };
  const item = await db.query<{ valid: boolean }>('SELECT valid FROM order_items WHERE id = $1 AND order_id = $2', [itemId, reservationId]);
  return { signed: true, valid: item.rows[0]?.valid === true, ticket_id: itemId, reservation_id: reservationId };
}

/** The counter's replayed offline sales, in the order of its log. */
export async function listOfflineSales(db: Queryable, orderId: number): Promise<OfflineSale[]> {
  const { rows } = await db.query<{ answer: OfflineSale }>(`${SELECT_SALES} WHERE order_id = $1 ORDER BY seq, id`, [orderId]);
  return rows.map((r) => r.answer);
}
