/**
 * What everything above server/db sees of the database (database.ts opens one of the two engines behind it):
 * parameterised queries, transactions, COPY out and LISTEN. The engines' own files import these types from here.
 */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/**
 * A statement the server runs very often (the reserve's, the session lookup): prepared once per connection under
 * its name and from then on only bound and executed, so it is not parsed and planned again on every call
 * (docs/reservations.md "Reserving in groups"). The name must be unique to the text.
 */
export interface Named {
  name: string;
  text: string;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string | Named, params?: unknown[]): Promise<QueryResult<Row>>;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs one `COPY (…) TO STDOUT` (no parameters) and returns its output as the server wrote it (copyOut.ts). */
  copyOut(sql: string): Promise<Uint8Array[]>;
  /**
   * LISTENs on a channel: `onNotify` gets each NOTIFY's payload after its transaction committed, from any process on
   * the same database (PGlite: this process). `onResync` runs after the listening connection was lost and made again,
   * when notifications may have been missed: the listener reads what it follows afresh. Returns an unlisten function.
   */
  listen(channel: string, onNotify: (payload: string) => void, onResync?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * PGlite only: copies the data directory into `toDir` (a new folder) while the server runs, consistent as of one
   * moment (statements wait during the copy; server/db/backup.ts packs it). PostgreSQL is backed up with pg_dump.
   */
  backup?(toDir: string): Promise<void>;
}
