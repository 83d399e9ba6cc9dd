/**
 * `COPY (…) TO STDOUT` on both engines (the reports' big CSV files: PostgreSQL formats the rows itself, in C).
 * node-postgres does not read a COPY's output through its ordinary query call: a submittable query (what
 * pg-copy-streams does) collects the CopyData chunks of its connection. PGlite is reached through node-postgres too
 * (pgliteDb.ts).
 */
import type pg from 'pg';

/**
 * Bytes of the blocks a COPY's output is gathered in. The server sends one CopyData message per row (a year's
 * accounting file: a million of about 200 bytes); a buffer of its own for each cost the main thread more than the
 * rest of the export (docs/reports.md "third session"), so the rows are copied one after another into blocks.
 */
export const COPY_BLOCK_BYTES = 1 << 20;

/** A node-postgres submittable that runs one COPY … TO STDOUT and collects its output. */
export class CopyOutQuery {
  private chunks: Uint8Array[] = [];
  /** The block being filled, and how much of it is. */
  private block: Buffer | null = null;
  private used = 0;
  private settle: ((error: Error | null) => void) | null = null;

  constructor(private readonly text: string) {}

  run(client: pg.PoolClient): Promise<Uint8Array[]> {
    return new Promise((resolve, reject) => {
      this.settle = (error) => {
        this.settle = null;
        if (error) return reject(error);
        this.endBlock();
        resolve(this.chunks);
      };
      (client as unknown as { query(q: unknown): void }).query(this);
    });
  }

  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }

  handleCopyData(msg: { chunk: Buffer }): void {
    // A copy: the chunk is a view of the driver's read buffer, which it reuses.
    const { chunk } = msg;
    if (chunk.length > COPY_BLOCK_BYTES) {
      this.endBlock();
      this.chunks.push(Buffer.from(chunk));
      return;
    }
    if (this.block === null || this.used + chunk.length > this.block.length) {
      this.endBlock();
      this.block = Buffer.allocUnsafeSlow(COPY_BLOCK_BYTES);
    }
    this.block.set(chunk, this.used);
    this.used += chunk.length;
  }

  /** The block filled so far, as the next chunk of the output. */
  private endBlock(): void {
    if (this.block !== null && this.used > 0) this.chunks.push(this.block.subarray(0, this.used));
    this.block = null;
    this.used = 0;
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
