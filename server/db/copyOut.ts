/**
 * `COPY (…) TO STDOUT` on both engines (the reports' big CSV files: PostgreSQL formats the rows itself, in C).
 * Neither driver reads a COPY's output through its ordinary query call, so:
 * - PGlite: the statement is sent as a simple-query protocol message and the CopyData ('d') payloads are read
 *   from the raw backend messages; an ErrorResponse ('E') becomes a thrown Error with its message.
 * - node-postgres: a submittable query (what pg-copy-streams does) collects the CopyData chunks of its connection.
 */
import type pg from 'pg';

const encoder = new TextEncoder();

/** A simple-query message: 'Q', int32 length, the SQL text, NUL. */
export function simpleQueryMessage(sql: string): Uint8Array {
  const text = encoder.encode(sql);
  const out = new Uint8Array(1 + 4 + text.length + 1);
  out[0] = 0x51;
  new DataView(out.buffer).setInt32(1, 4 + text.length + 1);
  out.set(text, 5);
  return out;
}

/** The CopyData payloads of raw backend messages (which may be cut anywhere between the chunks). */
export function copyDataOf(raw: Uint8Array[]): Uint8Array[] {
  const total = raw.reduce((n, c) => n + c.length, 0);
  const all = raw.length === 1 ? raw[0]! : new Uint8Array(total);
  if (raw.length !== 1) {
    let at = 0;
    for (const c of raw) {
      all.set(c, at);
      at += c.length;
    }
  }
  const view = new DataView(all.buffer, all.byteOffset, all.byteLength);
  const out: Uint8Array[] = [];
  let pos = 0;
  while (pos + 5 <= all.length) {
    const type = all[pos]!;
    const length = view.getInt32(pos + 1);
    const body = all.subarray(pos + 5, pos + 1 + length);
    if (type === 0x64) out.push(body);
    else if (type === 0x45) throw new Error(errorMessageOf(body));
    pos += 1 + length;
  }
  return out;
}

/** The 'M' (message) field of an ErrorResponse body. */
function errorMessageOf(body: Uint8Array): string {
  const fields = new TextDecoder().decode(body).split('\0');
  return fields.find((f) => f.startsWith('M'))?.slice(1) ?? 'COPY failed';
}

/** A node-postgres submittable that runs one COPY … TO STDOUT and collects its output. */
export class CopyOutQuery {
  private chunks: Uint8Array[] = [];
  private settle: ((error: Error | null) => void) | null = null;

  constructor(private readonly text: string) {}

  run(client: pg.PoolClient): Promise<Uint8Array[]> {
    return new Promise((resolve, reject) => {
      this.settle = (error) => {
        this.settle = null;
        if (error) reject(error);
        else resolve(this.chunks);
      };
      (client as unknown as { query(q: unknown): void }).query(this);
    });
  }

  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }

  handleCopyData(msg: { chunk: Uint8Array }): void {
    // A copy: the chunk is a view of the driver's read buffer, which it reuses.
    this.chunks.push(new Uint8Array(msg.chunk));
  }

  /** As pg's own Query: an error settles the query (the ready-for-query that follows finds it settled). */
  handleError(err: Error): void {
    this.settle?.(err);
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(connection: { sendCopyFail(msg: string): void }): void {
    connection.sendCopyFail('No COPY FROM here');
  }

  handleReadyForQuery(): void {
    this.settle?.(null);
  }
}
