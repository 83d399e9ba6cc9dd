/**
 * CSV files that are too big to hold (a year of accounting rows) leave as a stream, page by page. Each page is
 * written by the reports worker's own CSV core (workers/reports/buildCsv.ts), so a file the server streams and a file
 * the console builds are formatted alike (RFC 4180, UTF-8 with BOM, formula-safe text, SEK as 1234.50). The byte-order
 * mark and the header row are written once: they are cut off every page after the first.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { CsvFile } from '../../workers/reports/buildCsv';

export interface CsvPage<Row> {
  rows: Row[];
  next: string | null;
}

/** Sends the pages of `fetchPage`, each written by `buildFile`, as one CSV download. */
export function sendCsvStream<Row>(
  reply: FastifyReply,
  buildFile: (rows: Row[]) => Promise<CsvFile>,
  fetchPage: (after: string | undefined) => Promise<CsvPage<Row>>,
): FastifyReply {
  async function* bytes(): AsyncGenerator<Uint8Array> {
    // BOM + header row + line end: what a file without rows holds.
    const prefix = (await buildFile([])).byteLength;
    let after: string | undefined;
    let first = true;
    do {
      const page = await fetchPage(after);
      if (page.rows.length > 0 || first) {
        const file = await buildFile(page.rows);
        yield* withoutPrefix(file.parts, first ? 0 : prefix);
      }
      first = false;
      after = page.next ?? undefined;
    } while (after !== undefined);
  }
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('cache-control', 'no-store');
  return reply.send(Readable.from(bytes(), { objectMode: false }));
}

function* withoutPrefix(parts: Uint8Array[], skip: number): Generator<Uint8Array> {
  let left = skip;
  for (const part of parts) {
    if (left >= part.length) {
      left -= part.length;
      continue;
    }
    yield left > 0 ? part.subarray(left) : part;
    left = 0;
  }
}

/** True when the caller asked for CSV (002 §7: "JSON or CSV accept"). */
export function wantsCsv(accept: string | undefined): boolean {
  return /\btext\/csv\b/i.test(accept ?? '');
}
