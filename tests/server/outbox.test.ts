import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { deliverOutbox } from '../../server/outbox/deliverOutbox';
import { closeTransports, createTransports, type Transports } from '../../server/outbox/transports';
import { createTestApp, type TestApp } from './setup/testApp';
import { startHttpSink, startSmtpSink } from './support/outboxSinks';

/**
 * Messages that really leave (docs/outbox.md): a real SMTP server and a local HTTP endpoint in this process, the
 * delivery job run as the server runs it, and what arrives checked.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let sms: Awaited<ReturnType<typeof startHttpSink>>;
let transports: Transports;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpSink();
  sms = await startHttpSink();
  transports = createTransports({ smtpUrl: smtp.url, mailFrom: 'Arena <no-reply@arena.test>', smsUrl: sms.url, smsToken: 'sms-secret', socialWebhookUrl: '' });
  admin = await t.tokenFor('admin');
}, 180_000);

afterAll(async () => {
  closeTransports(transports);
  await smtp?.close();
  await sms?.close();
  await t?.close();
});

/** Runs the delivery job until nothing is due (retries due at once). */
async function deliverAll(ts = transports) {
  let total = 0;
  for (;;) {
    const run = await deliverOutbox(t.db, ts, { backoffBaseSeconds: 0 });
    total += run.claimed;
    if (!run.claimed) return total;
  }
}

describe('password recovery by e-mail', () => {
  it('when a reset is asked for, then a mail arrives with a working link, and the link is kept nowhere once sent', async () => {
    const email = 'promoter2@demo.test';
    const ask = await t.call({ method: 'POST', url: '/api/auth/recovery', payload: { email } });
    expect(ask.statusCode).toBe(200);
    await deliverAll();
    const mail = smtp.mails.find((m) => m.to.includes(email));
    expect(mail?.subject).toBe('Set a new password for Arena Console');
    const link = /http:\/\/localhost:3000\/reset\/([A-Za-z0-9_-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    const token = link![1];
    // The Message-ID names the outbox row: a resend after a crash is the same mail to the receiving side.
    const { rows } = await t.db.query<{ id: number; body: string; status: string; transport: string; provider_id: string }>(
      `SELECT id, body, status, transport, provider_id FROM outbox_messages WHERE kind = 'password_reset' AND address = $1`, [email]);
    expect(rows).toHaveLength(1);
    expect(mail!.messageId).toBe(`<outbox-${rows[0].id}@arena.test>`);
    expect(rows[0]).toMatchObject({ status: 'sent', transport: 'smtp', provider_id: `<outbox-${rows[0].id}@arena.test>` });
    expect(rows[0].body).not.toContain(token);

    expect((await t.call({ method: 'GET', url: `/api/auth/reset/${token}` })).json()).toEqual({ valid: true, email });
    const set = await t.call({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' } });
    expect(set.statusCode).toBe(200);
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'brand-new-pass-1' } });
    expect(login.statusCode).toBe(200);
  });

  it('when no transport is configured, then the mail waits in the local mailbox with its link, for the admin to open', async () => {
    await t.call({ method: 'POST', url: '/api/auth/recovery', payload: { email: 'boxoffice@demo.test' } });
    await deliverAll(createTransports({ smtpUrl: '', mailFrom: 'x@y', smsUrl: '', smsToken: '', socialWebhookUrl: '' }));
    const list = (await t.call({ method: 'GET', url: '/api/outbox?channel=email', token: admin })).json();
    const row = list.collection.find((m: { address: string }) => m.address === 'boxoffice@demo.test');
    expect(row).toMatchObject({ status: 'sent', transport: 'local', kind: 'password_reset', subject: 'Set a new password for Arena Console' });
    const full = (await t.call({ method: 'GET', url: `/api/outbox/${row.id}`, token: admin })).json();
    expect(full.body).toMatch(/\/reset\/[A-Za-z0-9_-]{20,}/);
    const promoter = await t.tokenFor('promoter');
    expect((await t.call({ method: 'GET', url: `/api/outbox/${row.id}`, token: promoter })).statusCode).toBe(403);
  });
});

describe('a ticket sent by phone', () => {
  it('when a corporate sends a ticket and a kid\'s ticket to a number, then one SMS each reaches the normalised number', async () => {
    const corporate = await t.tokenFor('corporate');
    const list = (await t.call({ method: 'GET', url: '/api/corporate-app/reservations?per_page=50', token: corporate })).json().collection as { id: number; title: string; event: { id: number } }[];
    const reservation = list.find((r) => r.title === 'Client evening')!;
    const items = (await t.call({ method: 'GET', url: `/api/corporate-app/reservations/${reservation.id}`, token: corporate })).json().items as { id: number; user: unknown }[];
    const free = items.filter((i) => i.user === null);
    await t.db.query('UPDATE events SET kids_allowed = true WHERE id = $1', [reservation.event.id]);
    const before = sms.posts.length;
    const put = (body: unknown) => t.call({ method: 'PUT', url: `/api/reservations/${reservation.id}`, token: corporate, payload: body as object });
    expect((await put({ items: [{ id: free[0].id, user: { phone: '46705551234', first_name: 'Nora', last_name: 'Berg' } }] })).statusCode).toBe(200);
    const nora = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE phone = '+46705551234'`)).rows[0].id);
    expect((await put({ items: [{ id: free[1].id, user: { id: nora }, is_child: true }] })).statusCode).toBe(200);
    await deliverAll();
    const mine = sms.posts.slice(before);
    expect(mine).toHaveLength(2);
    expect(mine.map((p) => p.body.to)).toEqual(['+46705551234', '+46705551234']);
    expect(mine[0].authorization).toBe('Bearer sms-secret');
    const eventName = (await t.db.query<{ name: string }>(`SELECT name FROM event_translations WHERE event_id = $1 ORDER BY language = 'en' DESC LIMIT 1`, [reservation.event.id])).rows[0].name;
    expect(mine[0].body.text).toContain(eventName);
    expect(mine[0].body.text).toMatch(/sent you a ticket/);
    expect(mine[1].body.text).toMatch(/sent you a kid's ticket/);
    const ids = (await t.db.query<{ id: number }>(`SELECT id FROM outbox_messages WHERE recipient_id = $1 ORDER BY id`, [nora])).rows.map((r) => String(r.id));
    expect(mine.map((p) => p.body.reference)).toEqual(ids);
  });
});

describe('a ticket\'s SMS on the corporate\'s ticket list', () => {
  it('when the SMS endpoint refuses and then accepts, then each ticket says whether its SMS left: waiting with the refusal, failed, sent', async () => {
    const corporate = await t.tokenFor('corporate');
    const list = (await t.call({ method: 'GET', url: '/api/corporate-app/reservations?per_page=50', token: corporate })).json().collection as { id: number }[];
    type Item = { id: number; user: unknown; message?: { channel: string; status: string; transport: string | null; attempts: number; last_error: string | null } | null };
    const itemsOf = async (id: number) => (await t.call({ method: 'GET', url: `/api/corporate-app/reservations/${id}`, token: corporate })).json().items as Item[];
    let reservation = 0;
    let free: Item[] = [];
    for (const r of list) {
      free = (await itemsOf(r.id)).filter((i) => i.user === null);
      if (free.length >= 2) { reservation = r.id; break; }
    }
    expect(free.length).toBeGreaterThanOrEqual(2);
    const [refused, accepted] = free;
    expect(refused.message ?? null).toBeNull(); // never sent: no message to speak of
    const put = (body: unknown) => t.call({ method: 'PUT', url: `/api/reservations/${reservation}`, token: corporate, payload: body as object });
    const shown = async (itemId: number) => (await itemsOf(reservation)).find((i) => i.id === itemId)!.message;

    sms.state.status = 503;
    try {
      expect((await put({ items: [{ id: refused.id, user: { phone: '46705559876', first_name: 'Ola', last_name: 'Refused' } }] })).statusCode).toBe(200);
      expect(await shown(refused.id)).toEqual({ channel: 'sms', status: 'queued', transport: null, attempts: 0, last_error: null });
      await deliverOutbox(t.db, transports, { maxAttempts: 2, backoffBaseSeconds: 0 });
      expect(await shown(refused.id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'The provider answered 503: number blocked' });
      await deliverOutbox(t.db, transports, { maxAttempts: 2, backoffBaseSeconds: 0 });
      expect(await shown(refused.id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'The provider answered 503: number blocked' });
    } finally {
      sms.state.status = 200;
    }
    expect((await put({ items: [{ id: accepted.id, user: { phone: '46705559877', first_name: 'Ola', last_name: 'Accepted' } }] })).statusCode).toBe(200);
    await deliverAll();
    expect(await shown(accepted.id)).toMatchObject({ channel: 'sms', status: 'sent', transport: 'sms', attempts: 1 });
    expect(await shown(refused.id)).toMatchObject({ status: 'failed' });
  });
});

describe('a CRM send', () => {
  it('when a segment is sent a message, then each person gets exactly one, and the send\'s counts say so', async () => {
    const eventId = Number((await t.db.query<{ id: number }>('SELECT event_id AS id FROM crm_customer_days GROUP BY event_id ORDER BY count(*) LIMIT 1')).rows[0].id);
    const filters = { events: [eventId] };
    const send = await t.call({ method: 'POST', url: '/api/events/send-notification', token: admin, payload: { content: { en: 'Doors open at six', sv: 'Dörrarna öppnar sex' }, filters } });
    expect(send.statusCode).toBe(200);
    const { recipients, campaign_id } = send.json();
    expect(recipients).toBeGreaterThan(1);
    const queued = (await t.call({ method: 'GET', url: `/api/crm/campaigns/${campaign_id}/delivery`, token: admin })).json();
    expect(queued).toMatchObject({ recipients, queued: recipients, sent: 0 });

    const mailsBefore = smtp.mails.length;
    const smsBefore = sms.posts.length;
    await deliverAll();
    const people = await t.db.query<{ address: string; channel: string }>('SELECT address, channel FROM outbox_messages WHERE campaign_id = $1', [campaign_id]);
    const mails = smtp.mails.slice(mailsBefore).flatMap((m) => m.to);
    const texts = sms.posts.slice(smsBefore).map((p) => p.body.to);
    expect(mails.length + texts.length).toBe(recipients);
    expect([...mails, ...texts].sort()).toEqual(people.rows.map((r) => r.address.toLowerCase()).sort());
    expect(smtp.mails.slice(mailsBefore).every((m) => /Doors open at six|Dörrarna öppnar sex/.test(m.text))).toBe(true);
    // Each mail's subject is in the person's language, and the Outbox shows the subject that was received.
    const sent = smtp.mails.slice(mailsBefore);
    expect(sent.some((m) => m.text.includes('Dörrarna'))).toBe(true);
    for (const m of sent) expect(m.subject).toBe(m.text.includes('Dörrarna') ? 'Ett meddelande från Arena' : 'A message from Arena');
    const mailRow = (await t.db.query<{ id: number; address: string }>(`SELECT id, address FROM outbox_messages WHERE campaign_id = $1 AND channel = 'email' LIMIT 1`, [campaign_id])).rows[0];
    const shown = (await t.call({ method: 'GET', url: `/api/outbox/${mailRow.id}`, token: admin })).json();
    expect(shown.subject).toBe(sent.find((m) => m.to.includes(mailRow.address.toLowerCase()))?.subject);
    const done = (await t.call({ method: 'GET', url: `/api/crm/campaigns/${campaign_id}/delivery`, token: admin })).json();
    expect(done).toEqual({ recipients, queued: 0, sending: 0, sent: recipients, failed: 0, local: 0 });

    // The admin's send (over every promoter) is not found for a promoter.
    const promoter = await t.tokenFor('promoter');
    expect((await t.call({ method: 'GET', url: `/api/crm/campaigns/${campaign_id}/delivery`, token: promoter })).statusCode).toBe(404);
  });
});

describe('a refusing server', () => {
  it('when the mail server refuses, then the message is retried with backoff and, after the last attempt, failed with its error', async () => {
    smtp.state.refuse = 'Mailbox unavailable';
    try {
      await t.call({ method: 'POST', url: '/api/auth/recovery', payload: { email: 'corporate@demo.test' } });
      const id = Number((await t.db.query<{ id: number }>(`SELECT max(id) AS id FROM outbox_messages WHERE address = 'corporate@demo.test'`)).rows[0].id);
      const row = async () => (await t.db.query<{ status: string; attempts: number; last_error: string; wait: boolean }>(
        'SELECT status, attempts, last_error, next_attempt_at > now() + interval \'20 seconds\' AS wait FROM outbox_messages WHERE id = $1', [id])).rows[0];
      await deliverOutbox(t.db, transports, { maxAttempts: 3 });
      expect(await row()).toMatchObject({ status: 'queued', attempts: 1, wait: true });
      expect((await row()).last_error).toMatch(/Mailbox unavailable/);
      // Not due yet: the next run leaves it alone.
      expect((await deliverOutbox(t.db, transports, { maxAttempts: 3 })).claimed).toBe(0);
      for (let attempt = 2; attempt <= 3; attempt++) {
        await t.db.query('UPDATE outbox_messages SET next_attempt_at = now() WHERE id = $1', [id]);
        await deliverOutbox(t.db, transports, { maxAttempts: 3 });
      }
      expect(await row()).toMatchObject({ status: 'failed', attempts: 3 });
      expect((await row()).last_error).toMatch(/550.*Mailbox unavailable/);
      const shown = (await t.call({ method: 'GET', url: `/api/outbox/${id}`, token: admin })).json();
      expect(shown).toMatchObject({ status: 'failed', attempts: 3 });
    } finally {
      smtp.state.refuse = '';
    }
  });

  it('when the SMS endpoint answers 5xx, then the SMS is not counted sent but queued again with the answer as its error', async () => {
    sms.state.status = 503;
    try {
      const { rows } = await t.db.query<{ id: number }>(`INSERT INTO outbox_messages (channel, kind, address, body, language) VALUES ('sms', 'ticket', '+46700000001', 'x', 'en') RETURNING id`);
      await deliverOutbox(t.db, transports);
      const after = (await t.db.query<{ status: string; last_error: string }>('SELECT status, last_error FROM outbox_messages WHERE id = $1', [rows[0].id])).rows[0];
      expect(after).toEqual({ status: 'queued', last_error: 'The provider answered 503: number blocked' });
    } finally {
      sms.state.status = 200;
      await t.db.query(`DELETE FROM outbox_messages WHERE address = '+46700000001'`);
    }
  });
});

describe('two app instances on one database', () => {
  it('when two workers deliver at the same time, then no message is delivered twice', async () => {
    const second = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: '' }) : t.db;
    const secondApp = await buildApp({ db: second, config: { ...readConfig({ NODE_ENV: 'test' }), quiet: true }, serveConsole: false });
    try {
      await t.db.query(
        `INSERT INTO outbox_messages (channel, kind, address, subject, body, language)
         SELECT 'email', 'test', 'race' || g || '@demo.test', 'Race ' || g, 'Body ' || g, 'en' FROM generate_series(1, 300) g`,
      );
      const before = smtp.mails.length;
      const worker = async (db: typeof t.db) => {
        for (;;) if (!(await deliverOutbox(db, transports, { batch: 20 })).claimed) return;
      };
      await Promise.all([worker(t.db), worker(second)]);
      const raced = smtp.mails.slice(before).filter((m) => m.subject.startsWith('Race '));
      expect(raced).toHaveLength(300);
      expect(new Set(raced.map((m) => m.messageId)).size).toBe(300);
      const states = await t.db.query<{ status: string; attempts: number; n: number }>(
        `SELECT status, attempts, count(*)::int AS n FROM outbox_messages WHERE kind = 'test' GROUP BY 1, 2`);
      expect(states.rows).toEqual([{ status: 'sent', attempts: 1, n: 300 }]);
    } finally {
      await secondApp.close();
      if (second !== t.db) await second.close();
    }
  });
});
