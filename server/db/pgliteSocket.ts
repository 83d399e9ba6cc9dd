import { Duplex } from 'node:stream';
import type { Worker } from 'node:worker_threads';

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const FLUSH = 0x48; // 'H'
const TERMINATE = 0x58; // 'X'
const READY = 0x5a; // 'Z', ReadyForQuery
const IDLE = 0x49; // 'I', its status outside a transaction
const BEGIN = message('Q', Buffer.from('BEGIN\0'));

/**
 * What node-postgres takes for its socket to PGlite's thread (pgliteWorker.mjs). It answers the start-up itself
 * (PGlite's session is already open: no authentication), then collects the frontend messages node-postgres writes and
 * sends them to the engine as one batch at each Sync, Query or Flush, the points where a server answers. The answers
 * are pushed back in the order the batches went. A transaction's BEGIN is answered here and sent in front of the
 * transaction's first statement (measured in docs/decisions/005-pglite-thread.md).
 */
export class PgliteSocket extends Duplex {
  private pending: Buffer[] = [];
  private started = false;
  /** The session's state after the last answer: idle, outside a transaction (ReadyForQuery 'I'). */
  private idle = false;
  /** A BEGIN already answered here, to go to the engine in front of the next batch. */
  private heldBegin = false;
  /** Per batch in flight, in order: whether its answer starts with a held BEGIN's, which was answered already. */
  private readonly beganHere: boolean[] = [];

  private readonly answer = (m: { chunks?: Uint8Array[]; error?: string }) => {
    if (m.error) return void this.destroy(new Error(`PGlite: ${m.error}`));
    if (!m.chunks) return; // the thread's other messages (a backup's tarball, closed) are not the connection's
    let chunks = (m.chunks ?? []).map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength));
    if (this.beganHere.shift()) chunks = [afterFirstReady(Buffer.concat(chunks))];
    const last = chunks.at(-1);
    this.idle = last !== undefined && last.length >= 6 && last[last.length - 6] === READY && last[last.length - 1] === IDLE;
    for (const c of chunks) this.push(c);
  };

  /** A thread that stopped answers nothing: the connection fails (its statements reject) instead of waiting. */
  private readonly stopped = (code: number) => this.destroy(new Error(`PGlite's thread stopped (exit code ${code}).`));

  constructor(private readonly worker: Worker) {
    super();
    worker.on('message', this.answer).on('exit', this.stopped);
  }

  _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.worker.off('message', this.answer).off('exit', this.stopped);
    done(err);
  }

  // The net.Socket calls node-postgres makes.
  connect(): this {
    queueMicrotask(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  _read(): void {}

  _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    this.pending.push(chunk);
    let all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    if (!this.started) {
      // The StartupMessage (length, protocol, parameters) has no type byte.
      if (all.length < 4 || all.length < all.readInt32BE(0)) return done();
      all = all.subarray(all.readInt32BE(0));
      this.started = true;
      // A connection after another (the pool replaced a broken one) finds the session as that one left it.
      this.worker.postMessage({ reset: true });
      this.push(startupAnswer());
      this.idle = true;
    }
    // Send every whole batch: messages up to and including the last Sync, Query or Flush.
    let at = 0;
    let cut = 0;
    let terminate = false;
    while (at + 5 <= all.length) {
      const length = all.readInt32BE(at + 1);
      if (at + 1 + length > all.length) break;
      const type = all[at]!;
      at += 1 + length;
      if (type === SYNC || type === QUERY || type === FLUSH) cut = at;
      if (type === TERMINATE) terminate = true;
    }
    if (cut > 0 && this.idle && !this.heldBegin && all.subarray(0, cut).equals(BEGIN)) {
      // A transaction's BEGIN on an idle session cannot fail: it is answered here and goes to the engine with the
      // transaction's first statement, which saves the engine's thread one round trip per transaction.
      this.heldBegin = true;
      this.idle = false;
      this.push(BEGUN);
    } else if (cut > 0) {
      const batch = new Uint8Array((this.heldBegin ? BEGIN.length : 0) + cut); // its own buffer, transferred to the thread
      if (this.heldBegin) batch.set(BEGIN);
      batch.set(all.subarray(0, cut), this.heldBegin ? BEGIN.length : 0);
      this.beganHere.push(this.heldBegin);
      this.heldBegin = false;
      this.worker.postMessage({ batch }, [batch.buffer]);
    }
    this.pending = cut < all.length && !terminate ? [all.subarray(cut)] : [];
    if (terminate) this.push(null);
    done();
  }
}

/** A protocol message: type byte, int32 length, body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** What the engine answers BEGIN on an idle session: CommandComplete, ReadyForQuery (in a transaction). */
const BEGUN = Buffer.concat([message('C', Buffer.from('BEGIN\0')), message('Z', Buffer.from('T'))]);

/** The answer without its first part, up to and including the first ReadyForQuery (a held BEGIN's answer). */
function afterFirstReady(answer: Buffer): Buffer {
  for (let at = 0; at + 5 <= answer.length; ) {
    const end = at + 1 + answer.readInt32BE(at + 1);
    if (answer[at] === READY) return answer.subarray(end);
    at = end;
  }
  return Buffer.alloc(0);
}

/** AuthenticationOk, the parameters node-postgres reads, and ReadyForQuery (idle). */
function startupAnswer(): Buffer {
  const parameter = (name: string, value: string) => message('S', Buffer.from(`${name}\0${value}\0`));
  return Buffer.concat([
    message('R', Buffer.from([0, 0, 0, 0])),
    parameter('client_encoding', 'UTF8'),
    parameter('integer_datetimes', 'on'),
    parameter('standard_conforming_strings', 'on'),
    message('Z', Buffer.from('I')),
  ]);
}
