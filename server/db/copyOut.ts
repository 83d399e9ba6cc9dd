/**
 * `COPY (…) TO STDOUT` on both engines (the reports' big CSV files: PostgreSQL formats the rows itself, in C).
 * node-postgres does not read a COPY's output through its ordinary query call: a submittable query (what
 * pg-copy-streams does) collects the CopyData chunks of its connection. PGlite is reached through node-postgres too
 * (pgliteDb.ts).
 */
import type pg from 'pg';

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
