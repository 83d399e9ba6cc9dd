import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { PgliteSocket } from '../../server/db/pgliteSocket';

/** A frontend message: type, int32 length, body (its content does not matter to the socket). */
const msg = (type: string, body = 'x') => {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0, 'latin1');
  out.writeInt32BE(4 + body.length, 1);
  out.write(body, 5, 'latin1');
  return out;
};
/** The StartupMessage: length, protocol 3.0, parameters; no type byte. */
const startup = () => {
  const params = Buffer.from('user\0u\0\0', 'latin1');
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + params.length, 0);
  head.writeInt32BE(196608, 4);
  return Buffer.concat([head, params]);
};

/** A stand-in for PGlite's thread: records what the socket posts to it. */
function fakeWorker() {
  const posted: unknown[] = [];
  const worker = Object.assign(new EventEmitter(), { postMessage: (m: unknown) => posted.push(m) });
  return { worker: worker as unknown as Worker, posted, emitter: worker };
}

const write = (socket: PgliteSocket, bytes: Buffer) => new Promise<void>((resolve, reject) => socket.write(bytes, (err) => (err ? reject(err) : resolve())));

/** A socket over a stand-in thread, started up as node-postgres does; `read` collects what it answers. */
async function startedSocket() {
  const fake = fakeWorker();
  const socket = new PgliteSocket(fake.worker);
  const read: Buffer[] = [];
  socket.on('data', (b: Buffer) => read.push(b));
  await write(socket, startup());
  return { ...fake, socket, read };
}
const typesOf = (bytes: Uint8Array) => {
  const out: string[] = [];
  for (let at = 0; at + 5 <= bytes.length; at += 1 + Buffer.from(bytes).readInt32BE(at + 1)) out.push(String.fromCharCode(bytes[at]!));
  return out.join('');
};

it('when node-postgres starts up, then the socket answers itself, resets the session, and sends nothing else yet', async () => {
  const { posted, read } = await startedSocket();
  await new Promise((r) => setImmediate(r));
  // AuthenticationOk, three ParameterStatus, ReadyForQuery (idle).
  expect(typesOf(Buffer.concat(read))).toBe('RSSSZ');
  expect(posted).toEqual([{ reset: true }]);
});

it('when a statement is written in pieces, then the engine gets one batch at its Sync, and its answer comes back as sent', async () => {
  const { posted, emitter, socket, read } = await startedSocket();
  const parse = msg('P', '\0SELECT $1::int\0\0\0');
  const bind = msg('B', '\0\0\0\0\0\x01\0\0\0\x011\0\0');
  // Parse, then half of Bind: nothing to send yet.
  await write(socket, Buffer.concat([parse, bind.subarray(0, 4)]));
  expect(posted).toHaveLength(1);
  await write(socket, Buffer.concat([bind.subarray(4), msg('D', 'P\0'), msg('E', '\0\0\0\0\0'), msg('S', '')]));
  expect(posted).toHaveLength(2);
  expect(typesOf((posted[1] as { batch: Uint8Array }).batch)).toBe('PBDES');
  read.length = 0;
  emitter.emit('message', { chunks: [new Uint8Array([0x5a, 0, 0, 0, 5, 0x49])] });
  await new Promise((r) => setImmediate(r));
  expect(Buffer.concat(read)).toEqual(Buffer.from([0x5a, 0, 0, 0, 5, 0x49]));
});

it('when a transaction begins on an idle session, then BEGIN is answered at once and goes to the engine with the next statement, whose answer comes back without BEGIN\'s', async () => {
  const { posted, emitter, socket, read } = await startedSocket();
  read.length = 0;
  const begin = msg('Q', 'BEGIN\0');
  await write(socket, begin);
  await new Promise((r) => setImmediate(r));
  expect(posted).toHaveLength(1); // the reset only
  expect(Buffer.concat(read)).toEqual(Buffer.concat([msg('C', 'BEGIN\0'), msg('Z', 'T')]));
  read.length = 0;
  await write(socket, msg('Q', 'SELECT 1\0'));
  expect(typesOf((posted[1] as { batch: Uint8Array }).batch)).toBe('QQ');
  expect(Buffer.from((posted[1] as { batch: Uint8Array }).batch).subarray(0, begin.length)).toEqual(begin);
  // The engine answers both: BEGIN's part is dropped, the statement's comes through; the session is in a transaction.
  const selectAnswer = Buffer.concat([msg('C', 'SELECT 1\0'), msg('Z', 'T')]);
  emitter.emit('message', { chunks: [new Uint8Array(Buffer.concat([msg('C', 'BEGIN\0'), msg('Z', 'T')])), new Uint8Array(selectAnswer)] });
  await new Promise((r) => setImmediate(r));
  expect(Buffer.concat(read)).toEqual(selectAnswer);
  // BEGIN inside a transaction (not idle) goes to the engine as it is, to hear what the engine says.
  await write(socket, begin);
  expect(posted).toHaveLength(3);
  expect(typesOf((posted[2] as { batch: Uint8Array }).batch)).toBe('Q');
});

it('when the engine\'s thread stops, then the connection fails at once instead of waiting for an answer', async () => {
  const { worker, emitter } = fakeWorker();
  const socket = new PgliteSocket(worker);
  const failed = new Promise<Error>((resolve) => socket.on('error', resolve));
  emitter.emit('exit', 1);
  expect((await failed).message).toMatch(/thread stopped/);
  expect(emitter.listenerCount('message')).toBe(0);
});
