import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it over SMTP, its text decoded. */
export interface SinkMail {
  to: string[];
  messageId: string;
  subject: string;
  text: string;
}

/** quoted-printable → text (nodemailer encodes long lines so). */
const decodeQp = (s: string) =>
  Buffer.from(s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

/** A header's RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=, as nodemailer writes a non-ASCII subject) → text. */
const decodeWords = (s: string) =>
  s.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' '))).trim();

function parseMail(raw: string, to: string[]): SinkMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const body = raw.slice(split + 4);
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'quoted-printable' ? decodeQp(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { to, messageId: header('Message-ID'), subject: decodeWords(header('Subject')), text };
}

/**
 * A real SMTP server in the test process (the `smtp-server` package): collects what it is sent; `refuse` makes it
 * answer 550 to every recipient with that text.
 */
export async function startSmtpSink() {
  const mails: SinkMail[] = [];
  const state = { refuse: '' };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, done) {
      if (!state.refuse) return done();
      const err = Object.assign(new Error(state.refuse), { responseCode: 550 });
      done(err);
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(parseMail(Buffer.concat(chunks).toString('latin1'), session.envelope.rcptTo.map((r) => r.address)));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local HTTP endpoint standing in for an SMS provider (or a social webhook): records JSON posts, answers `status`. */
export async function startHttpSink() {
  const posts: { authorization: string | undefined; body: Record<string, string> }[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.status < 300) {
        posts.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(state.status, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `sms-${posts.length}` }));
      } else {
        res.writeHead(state.status, { 'content-type': 'text/plain' }).end('number blocked');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    posts,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
