import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { deliverOutbox } from '../../server/outbox/deliverOutbox';
import { closeTransports, createTransports, type Transports } from '../../server/outbox/transports';
import { createTestApp, type TestApp } from './setup/testApp';
import { startHttpSink } from './support/outboxSinks';
import { eventId } from './support/eventFixtures';

/**
 * Social media postings (docs/social-postings.md): a publish queues one posting per ticked page through the outbox,
 * the delivery job posts it to SOCIAL_WEBHOOK_URL (a local HTTP endpoint here), and the event's tab reads what
 * became of it. With no channel configured nothing is queued and nothing claims to be posted.
 */
const SHOP = 'https://tickets.arena.test';
let t: TestApp;
let sink: Awaited<ReturnType<typeof startHttpSink>>;
let transports: Transports;
let promoter: string;
let promoter2: string;
let gala: number;

beforeAll(async () => {
  sink = await startHttpSink();
  t = await createTestApp({ config: { socialWebhookUrl: sink.url, shopUrl: SHOP } });
  transports = createTransports({ smtpUrl: '', mailFrom: 'x@arena.test', smsUrl: '', smsToken: '', socialWebhookUrl: sink.url });
  promoter = await t.tokenFor('promoter');
  promoter2 = await t.tokenFor('promoter2');
  gala = await eventId(t, 'Comedy Gala');
}, 180_000);

afterAll(async () => {
  closeTransports(transports);
  await sink?.close();
  await t?.close();
});

const publish = (pages: { promoter: boolean; default: boolean }, call = t.call) =>
  call({ method: 'PATCH', url: `/api/events/${gala}`, token: promoter, payload: { status: 'active', publish_facebook_promoter: pages.promoter, publish_facebook_default: pages.default } });
const unpublish = (call = t.call) => call({ method: 'PATCH', url: `/api/events/${gala}`, token: promoter, payload: { status: 'draft' } });
const postings = async (token = promoter) => (await t.call({ method: 'GET', url: `/api/events/${gala}/social-postings`, token })).json();
const socialRows = async () =>
  (await t.db.query<{ id: number; address: string; status: string }>(`SELECT id, address, status FROM outbox_messages WHERE channel = 'social' AND event_id = $1 ORDER BY id`, [gala])).rows;

describe('no social channel configured', () => {
  it('when an event is published with both pages ticked, then nothing is queued and the tab answers channel none', async () => {
    const bare = await buildApp({ db: t.db, config: { ...readConfig({ NODE_ENV: 'test' }), quiet: true, socialWebhookUrl: '' }, serveConsole: false });
    const call: typeof t.call = ({ token, headers, ...rest }) =>
      bare.inject({ ...rest, headers: { platform: 'admin', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
    try {
      expect((await publish({ promoter: true, default: true }, call)).statusCode).toBe(200);
      expect(await socialRows()).toEqual([]);
      const answer = (await call({ method: 'GET', url: `/api/events/${gala}/social-postings`, token: promoter })).json();
      expect(answer).toEqual({ channel: 'none', postings: [] });
      expect((await unpublish(call)).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('through SOCIAL_WEBHOOK_URL', () => {
  it('when an event is published to both pages, then one JSON post per page reaches the webhook and the tab says posted', async () => {
    expect((await publish({ promoter: true, default: true })).statusCode).toBe(200);
    const queued = await postings();
    expect(queued.channel).toBe('webhook');
    expect(queued.postings.map((p: { page: string; status: string; attempts: number }) => [p.page, p.status, p.attempts]))
      .toEqual([['default', 'queued', 0], ['promoter', 'queued', 0]]);
    // Another promoter's event is unknown to them.
    expect((await t.call({ method: 'GET', url: `/api/events/${gala}/social-postings`, token: promoter2 })).statusCode).toBe(404);

    const before = sink.posts.length;
    await deliverOutbox(t.db, transports);
    const rows = await socialRows();
    const posts = sink.posts.slice(before).map((p) => p.body).sort((a, b) => a.page.localeCompare(b.page));
    const { rows: [event] } = await t.db.query<{ promoter_id: number }>('SELECT promoter_id FROM events WHERE id = $1', [gala]);
    expect(posts).toHaveLength(2);
    expect(posts.map((p) => [p.page, p.event_id, p.promoter_id, p.reference])).toEqual([
      ['default', gala, Number(event.promoter_id), String(rows.find((r) => r.address === 'default')!.id)],
      ['promoter', gala, Number(event.promoter_id), String(rows.find((r) => r.address === 'promoter')!.id)],
    ]);
    expect(posts[0].text).toMatch(/^Comedy Gala, \d{4}-\d{2}-\d{2} \d{2}:\d{2} at .+\. Nordic Live AB presents\. Tickets: https:\/\/tickets\.arena\.test\/events\/\d+$/);
    expect(posts[0].text).toContain(`${SHOP}/events/${gala}`);

    const sent = await postings();
    expect(sent.postings.map((p: { page: string; status: string }) => [p.page, p.status])).toEqual([['default', 'sent'], ['promoter', 'sent']]);
    expect(sent.postings[0].sent_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const outbox = await t.db.query<{ transport: string; provider_id: string }>(`SELECT transport, provider_id FROM outbox_messages WHERE channel = 'social' AND event_id = $1`, [gala]);
    expect(outbox.rows.every((r) => r.transport === 'webhook' && r.provider_id?.startsWith('sms-'))).toBe(true);
  });

  it('when the event is republished to one page and the webhook refuses, then it is retried, then failed with the refusal; the earlier publish is not shown', async () => {
    expect((await unpublish()).statusCode).toBe(200);
    expect((await postings()).postings).toEqual([]);
    expect((await publish({ promoter: false, default: true })).statusCode).toBe(200);
    const now = await postings();
    expect(now.postings.map((p: { page: string; status: string }) => [p.page, p.status])).toEqual([['default', 'queued']]);

    sink.state.status = 503;
    try {
      const before = sink.posts.length;
      await deliverOutbox(t.db, transports, { maxAttempts: 2, backoffBaseSeconds: 0 });
      const retrying = (await postings()).postings[0];
      expect(retrying).toMatchObject({ page: 'default', status: 'queued', attempts: 1, last_error: 'The provider answered 503: number blocked', sent_at: null });
      await deliverOutbox(t.db, transports, { maxAttempts: 2, backoffBaseSeconds: 0 });
      expect((await postings()).postings[0]).toMatchObject({ page: 'default', status: 'failed', attempts: 2, last_error: 'The provider answered 503: number blocked' });
      expect(sink.posts.length).toBe(before);
    } finally {
      sink.state.status = 200;
    }
    // Three rows in all: the first publish's two, and this one's.
    expect((await socialRows()).map((r) => [r.address, r.status])).toEqual([['promoter', 'sent'], ['default', 'sent'], ['default', 'failed']]);
  });
});
