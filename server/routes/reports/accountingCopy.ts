/**
 * AccountingReport.csv of a whole period, written by PostgreSQL itself: `COPY (SELECT …) TO STDOUT (FORMAT csv)`
 * (on PGlite too, see server/db/copyOut.ts). The rows and their order are the JSON pages' (accountingQuery.ts);
 * every cell is formatted in SQL exactly as the reports worker's CSV core writes it (workers/reports/buildCsv.ts:
 * SEK as 1234.50, VAT % as 25.00, formula-safe text, empty fields for missing values), and the server test compares
 * the two files byte for byte. Only the line ends are turned into CRLF here (COPY writes LF).
 *
 * The period is copied in chunks of whole days (about chunkRowsFor rows each, sized from sales_daily), so a year
 * never sits in memory at once: each chunk is one COPY, sent on (and compressed) while the next ones run.
 *
 * The cells are formatted with the cheapest SQL found that writes the same bytes (docs/reports.md "The year's
 * accounting file"): integers for excl VAT, a numeric product for SEK, ascii() for the formula test, the timestamp
 * cut to the second (DateStyle ISO) for the date. A cell is left in its own type wherever that type's output is the
 * cell's text (the SEK numerics, the rate's numeric(5, 2), the timestamp): COPY calls that output function itself,
 * and a cast to text first cost a call and a copy more per cell (PGlite: about a sixth of a chunk's CPU with the date).
 */
import type { Db } from '../../db/database';
import { ACCOUNTING_CSV_HEADER, PLAIN_PHONE_PATTERN } from '../../../workers/reports/buildCsv';
import { describeJoinsSql, INCREASE_FROM_SQL, INCREASE_ROW_SQL, itemNameSql, REFUND_FROM_SQL, REFUND_ROW_SQL } from './accountingQuery';
import type { ReportScope } from './reportScope';

/**
 * Rows a chunk aims at: 150,000 (about 30 MB of CSV) on both engines. Each chunk builds its hash tables over all
 * orders, payments and seats once, so fewer chunks build fewer: PostgreSQL's cluster spent 11.2–12.7 s of CPU on the
 * year in chunks of 150,000 rows against 13.5–14.3 s in chunks of 60,000; PGlite's engine thread 13.2–14.4 s against
 * 16.5–16.9 s (the same file; docs/reports.md "The year's accounting file"). 250,000 gained little more on PGlite
 * (13.4–13.8 s) for more memory and a longer wait for the first rows. With two COPYs at once on PostgreSQL, at most
 * three chunks are in memory; on PGlite two.
 */
export function chunkRowsFor(_db: Db): number {
  return 150_000;
}
/** The item's own columns the row needs, carried in the page so the items are not read a second time. */
const ITEM_COLUMNS = 'i.type, i.event_id, i.ticket_type_id, i.section_id, i.seat_id, i.merchandise_id, i.merchandise_option_id, i.fee_type, '
  // The VAT rate in hundredths of a percent, worked out once per row for the two excl VAT cells (exclSql).
  + '(i.vat_percent * 100)::int AS vat_h';
/**
 * The payment provider's order id of a refund's or a price increase's own payment (a few thousand rows a year, each
 * found by its key). An item row reads its own copy (order_items.provider_order_id, kept equal to its payment's by
 * 295_order_item_provider_order_id.sql), so a chunk no longer hashes every payment to find it.
 */
const providerOrderIdOf = (paymentId: string) => `(SELECT pay.provider_order_id FROM payments pay WHERE pay.id = ${paymentId}) AS provider_order_id`;
const UTF8_BOM = Uint8Array.from([0xef, 0xbb, 0xbf]);

/**
 * Text as the CSV core writes it: an apostrophe before a leading = + - @ tab or CR (code points 61 43 45 64 9 13:
 * ascii() compares one integer where left(…, 1) IN (…) made a string and compared six); empty text as an empty field.
 */
function safe(expr: string): string {
  return `NULLIF(${prefixed(expr)}, '')`;
}

/**
 * Text with the CSV core's apostrophe before a leading = + - @ tab or CR, empty text left empty. The names of events,
 * ticket types and products are made so once per row of their tables (describeJoinsSql): an item's name starts with
 * its ticket type's or product's name, or with a space when that is empty, or is a fee's fixed name, so its cell is
 * the name put together from the prefixed parts, as safe() of the whole name would write it.
 */
function prefixed(expr: string): string {
  return `CASE WHEN ascii(${expr}) IN (61, 43, 45, 64, 9, 13) THEN '''' || ${expr} ELSE ${expr} END`;
}

/**
 * The customers' three cells (name, phone, email), written once per customer in each chunk rather than once per row
 * (a customer owns many rows, and the phone's test is a regular expression). `OFFSET 0` keeps the planner from
 * pulling the cells up into the outer query, where they would be worked out once per row again.
 */
const CUSTOMER_CELLS = `(SELECT id, ${safe('name')} AS name,
         CASE WHEN phone ~ '${PLAIN_PHONE_PATTERN}' THEN phone ELSE ${safe('phone')} END AS phone, ${safe('email')} AS email
    FROM users OFFSET 0)`;

/**
 * Öre as SEK with two decimals and a dot ("1234.50", "-0.50", "0.00"): a product by 0.01 has exactly two decimals.
 * It stays a numeric: the COPY writes it through numeric's own output, which is what a cast to text would call, so
 * a `::text` only added a call and a copy per cell (read elsewhere, cast it to text to see the cell).
 */
export function sek(expr: string): string {
  return `((${expr})::numeric * 0.01)`;
}

/**
 * Excl VAT of an amount incl VAT (a bigint), rounded half away from zero, worked out as src/domain/vat.ts
 * exclFromIncl does: incl × 10000 / (10000 + h), h the rate in hundredths (the page's vat_h), on integers. The same
 * figure as round(incl::numeric * 100 / (100 + rate)), without a numeric division on every row.
 */
export function exclSql(incl: string): string {
  return `(CASE WHEN ${incl} < 0 THEN -((-${incl} * 20000 + 10000 + p.vat_h) / (20000 + 2 * p.vat_h))
        ELSE (${incl} * 20000 + 10000 + p.vat_h) / (20000 + 2 * p.vat_h) END)`;
}

function day(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`Not a day: ${value}`);
  return `'${value} 00:00:00'::timestamp`;
}

function id(value: number | null): string {
  if (value === null) return 'NULL';
  if (!Number.isSafeInteger(value)) throw new Error(`Not an id: ${value}`);
  return `${value}::bigint`;
}

/**
 * Settings for one COPY (SET LOCAL: they end with its statement). The chunk's sort stays in memory (at the default
 * 4 MB a 60,000-row chunk spilled to disk; 150,000 rows sort in about 41 MB); the date's text is ISO whatever the
 * server's DateStyle. PostgreSQL planned two parallel workers for a chunk, which doubled its CPU (their rows met again
 * in a Gather Merge) for no gain in wall time on two cores: accountingCsvBytes runs two chunks at once instead
 * (copiesAtOnce).
 */
const COPY_SETTINGS = "SET LOCAL work_mem = '128MB'; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL max_parallel_workers_per_gather = 0;";

/**
 * The COPY of the rows from `from` (inclusive) to `until` (exclusive), both 'YYYY-MM-DD', after its settings. The
 * item's type goes out as it is: its CHECK allows ticket, merchandise and fee, none of which needs the formula rule.
 * The rows are sorted with their amounts still integers, and the money cells written after the sort: the inner
 * query's ORDER BY, kept by `OFFSET 0`, is the order the outer ORDER BY asks for, so the planner sorts once, narrower
 * rows (PGlite: 6–9 % less CPU for a chunk). The date is date_trunc('second', …): its text is the timestamp's text
 * up to the seconds, which is what the CSV core writes (the JSON pages cut the text at 19 characters).
 */
export function accountingCopySql(scope: ReportScope, from: string, until: string): string {
  const a = day(from);
  const b = day(until);
  const promoter = id(scope.promoterId);
  const event = id(scope.eventId);
  const scoped = (alias: string) => `${scope.promoterId === null ? '' : ` AND ${alias}.promoter_id = ${promoter}`}${scope.eventId === null ? '' : ` AND ${alias}.event_id = ${event}`}`;
  return `${COPY_SETTINGS}
COPY (
WITH page AS (
  SELECT i.sold_at AS at, i.id AS key, i.id AS item_id, i.order_id, i.payment_id, i.channel AS tx_type,
         i.quantity, i.price_ore::bigint * i.quantity AS total, NULL::bigint AS total_excl, i.price_ore::bigint AS unit, i.vat_percent,
         ${ITEM_COLUMNS}, i.provider_order_id
    FROM order_items i
   WHERE i.sold_at >= ${a} AND i.sold_at < ${b}${scoped('i')}
  UNION ALL
  SELECT ${REFUND_ROW_SQL},
         ${ITEM_COLUMNS}, ${providerOrderIdOf('r.payment_id')}
    FROM ${REFUND_FROM_SQL}
   WHERE r.created_at >= ${a} AND r.created_at < ${b}${scoped('r')}
  UNION ALL
  SELECT ${INCREASE_ROW_SQL},
         ${ITEM_COLUMNS}, ${providerOrderIdOf('pi.payment_id')}
    FROM ${INCREASE_FROM_SQL}
   WHERE pi.created_at >= ${a} AND pi.created_at < ${b}${scoped('pi')}
)
SELECT date_trunc('second', p.at), p.tx_type, p.order_id, p.provider_order_id, p.payment_id,
       p.customer, p.phone, p.email, p.event, p.item_id, p.item_name,
       p.type, ${sek('p.unit')}, p.quantity, p.vat_percent,
       ${sek(`p.unit - ${exclSql('p.unit')}`)}, ${sek('p.total')},
       ${sek(`coalesce(p.total_excl, ${exclSql('p.total')})`)}
  FROM (SELECT p.at, p.key, p.tx_type, p.order_id, p.payment_id, p.item_id, p.type, p.unit, p.quantity, p.vat_percent, p.vat_h,
               p.total, p.total_excl, ${safe('p.provider_order_id')} AS provider_order_id, u.name AS customer, u.phone, u.email,
               NULLIF(et.name, '') AS event, NULLIF(${itemNameSql('p')}, '') AS item_name
          FROM page p
          JOIN orders o ON o.id = p.order_id
          LEFT JOIN ${CUSTOMER_CELLS} u ON u.id = o.owner_id
          ${describeJoinsSql('p', prefixed)}
         ORDER BY p.at, p.key OFFSET 0) p
 ORDER BY p.at, p.key
) TO STDOUT (FORMAT csv)`;
}

/** Days that start a chunk: consecutive days are grouped until about chunkRows rows (sales_daily, refunds, price increases). */
export async function chunkStarts(db: Db, scope: ReportScope, chunkRows = chunkRowsFor(db)): Promise<string[]> {
  const { rows } = await db.query<{ day: string; n: number }>(
    `SELECT day::text AS day, sum(n)::int AS n FROM (
       SELECT d.day, sum(d.items) AS n FROM sales_daily d
        WHERE d.day >= $1::date AND d.day < $2::date AND ($3::bigint IS NULL OR d.promoter_id = $3) AND ($4::bigint IS NULL OR d.event_id = $4)
        GROUP BY d.day
       UNION ALL
       SELECT r.created_at::date, count(*) FROM refunds r JOIN refund_items ri ON ri.refund_id = r.id
        WHERE r.created_at >= $1::date AND r.created_at < $2::date AND ($3::bigint IS NULL OR r.promoter_id = $3) AND ($4::bigint IS NULL OR r.event_id = $4)
        GROUP BY 1
       UNION ALL
       SELECT pi.created_at::date, count(*) FROM price_increases pi
        WHERE pi.created_at >= $1::date AND pi.created_at < $2::date AND ($3::bigint IS NULL OR pi.promoter_id = $3) AND ($4::bigint IS NULL OR pi.event_id = $4)
        GROUP BY 1) x
      GROUP BY day ORDER BY day`,
    [scope.from, scope.until, scope.promoterId, scope.eventId],
  );
  const starts = [scope.from];
  let inChunk = 0;
  for (const r of rows) {
    if (inChunk > 0 && inChunk + Number(r.n) > chunkRows && r.day > starts[starts.length - 1]!) {
      starts.push(r.day);
      inChunk = 0;
    }
    inChunk += Number(r.n);
  }
  return starts;
}

/** LF line ends as CRLF (RFC 4180; the CSV core's files end lines so). */
export function crlf(chunk: Uint8Array): Uint8Array {
  const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let lines = 0;
  for (let at = buf.indexOf(10); at !== -1; at = buf.indexOf(10, at + 1)) lines++;
  if (lines === 0) return chunk;
  const out = Buffer.allocUnsafe(buf.length + lines);
  let from = 0;
  let to = 0;
  for (let at = buf.indexOf(10); at !== -1; at = buf.indexOf(10, at + 1)) {
    to += buf.copy(out, to, from, at);
    out[to++] = 13;
    out[to++] = 10;
    from = at + 1;
  }
  buf.copy(out, to, from);
  return out;
}

/**
 * COPYs running at once. PGlite is one session on one thread: the next chunk's COPY waits for the connection, so
 * one runs while the main thread hands the last one on. A PostgreSQL server runs each connection in a process of its
 * own: two chunks are copied at once, on two of the pool's connections (docs/reports.md "The year's accounting file").
 */
export function copiesAtOnce(db: Db): number {
  return db.engine === 'postgres' ? 2 : 1;
}

/**
 * The whole file: BOM and header, then each chunk's rows, in order. The chunks after this one are started before it
 * is handed on (copiesAtOnce of them), so the engine works while a chunk is turned into CRLF, compressed and sent: at
 * most copiesAtOnce + 1 chunks are in memory.
 */
export async function* accountingCsvBytes(db: Db, scope: ReportScope, chunkRows = chunkRowsFor(db)): AsyncGenerator<Uint8Array> {
  yield Buffer.concat([UTF8_BOM, Buffer.from(`${ACCOUNTING_CSV_HEADER}\r\n`, 'utf8')]);
  const starts = await chunkStarts(db, scope, chunkRows);
  const copy = (k: number) => {
    const out = db.copyOut(accountingCopySql(scope, starts[k]!, starts[k + 1] ?? scope.until));
    // A client that goes away leaves the started COPYs unread: their failure must not be an unhandled rejection.
    out.catch(() => undefined);
    return out;
  };
  const running: Promise<Uint8Array[]>[] = [];
  let started = 0;
  const startUpTo = (n: number) => {
    while (started < starts.length && running.length < n) running.push(copy(started++));
  };
  startUpTo(copiesAtOnce(db));
  while (running.length > 0) {
    const out = await running.shift()!;
    startUpTo(copiesAtOnce(db));
    // The COPY's output comes in blocks of whole rows (copyOut.ts): each is handed on as it is, not joined first.
    for (const part of out) yield crlf(part);
  }
}
