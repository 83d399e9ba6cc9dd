import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventForm, eventId, multipart } from './support/eventFixtures';

/** Seasonal events: attach and detach child events, and the rules the server enforces (000 §2, §5). */
let t: TestApp;
let promoter: string;
let promoter2: string;
let season: number;
beforeAll(async () => {
  t = await createTestApp();
  [promoter, promoter2] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('promoter2')]);
  season = await eventId(t, 'Göta Lejon Season 2027');
});
afterAll(() => t.close());

const attach = (id: number, events: number[], token = promoter) => t.call({ method: 'POST', url: `/api/seasonal-events/${id}/attach-events`, token, payload: { events } });
const detach = (id: number, events: number[], token = promoter) => t.call({ method: 'POST', url: `/api/seasonal-events/${id}/detach-events`, token, payload: { events } });
const children = async (id: number) => (await t.call({ method: 'GET', url: `/api/events?seasonal_event_id=${id}`, token: promoter })).json();

describe('the attach modal\'s list', () => {
  const candidates = (id: number, token = promoter) => t.call({ method: 'GET', url: `/api/seasonal-events/${id}/attach-candidates`, token });

  it('when the modal opens, then the events that can be attached come without a problem and the others say why', async () => {
    const res = await candidates(season);
    expect(res.statusCode).toBe(200);
    const byName = new Map<string, { id: number; problem: string | null; start_date: string }>(res.json().events.map((e: { name: string }) => [e.name, e]));
    expect(byName.get('Les Misérables (matinée)')).toMatchObject({ problem: null, start_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(byName.get('Jazz at the Lion')?.problem).toBe('Jazz at the Lion is not priced: every seat needs a default price first.');
    expect(byName.get('Nordic Lights Live')?.problem).toBe('Nordic Lights Live uses another map than the seasonal event.');
    // Only ordinary events of the season's promoter that are in no season.
    expect(byName.has('Les Misérables (premiere)')).toBe(false);
    expect(byName.has('Göta Lejon Season 2027')).toBe(false);
    expect(byName.has('Hockey Final, game 1')).toBe(false);
  });

  it('when another promoter asks, then 404; for an ordinary event, 422; a bad id, 4xx', async () => {
    expect((await candidates(season, promoter2)).statusCode).toBe(404);
    expect((await candidates(await eventId(t, 'Comedy Gala'))).json().error.code).toBe('not_seasonal');
    expect([400, 404]).toContain((await candidates(2147483648)).statusCode);
  });
});

describe('attach events to a seasonal event', () => {
  it('when the event is priced, on the same map and has the same ticket types, then it is attached', async () => {
    const matinee = await eventId(t, 'Les Misérables (matinée)');
    const res = await attach(season, [matinee]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Event is attached to seasonal event', events: [matinee] });
    const list = await children(season);
    expect(list.count).toBe(3);
    expect(list.collection.map((e: { name: string }) => e.name)).toContain('Les Misérables (matinée)');
    expect(list.collection.every((e: { seasonal_event: { id: number } }) => e.seasonal_event.id === season)).toBe(true);
  });

  it('when the event is not priced, then 422 says so and nothing is attached', async () => {
    const jazz = await eventId(t, 'Jazz at the Lion');
    const comedy = await eventId(t, 'Comedy Gala');
    const res = await attach(season, [comedy, jazz]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Cannot attach: "Jazz at the Lion" is not priced: every seat needs a default price first.');
    expect((await children(season)).collection.map((e: { name: string }) => e.name)).not.toContain('Comedy Gala');
  });

  it('when the map or the ticket types differ, then 422 names the problem', async () => {
    const arena = await eventId(t, 'Nordic Lights Live');
    expect((await attach(season, [arena])).json().error.message).toMatch(/"Nordic Lights Live" uses another map than the seasonal event/);
    const id = (await t.call({ method: 'POST', url: '/api/events', token: promoter, ...multipart(await eventForm(t)) })).json().id;
    await t.call({ method: 'POST', url: `/api/events/${id}/ticket-types`, token: promoter, payload: { name: 'Standard', default: true, kids: false, age_from: 18 } });
    expect((await attach(season, [id])).json().error.message).toMatch(/has other ticket types than the seasonal event/);
  });

  it('when the event is in another season, is a season itself or is another promoter\'s, then it is refused', async () => {
    const premiere = await eventId(t, 'Les Misérables (premiere)');
    expect((await attach(season, [premiere])).statusCode).toBe(200); // already in this season: nothing to do
    expect((await attach(season, [season])).json().error.message).toMatch(/is a seasonal event itself/);
    const foreign = await eventId(t, 'Hockey Final, game 1');
    expect((await attach(season, [foreign])).statusCode).toBe(404);
    expect((await attach(season, [premiere], promoter2)).statusCode).toBe(404);
  });

  it('when two events are attached in one call, then the answer says \'Event(s) attached\' (000 §8) and names both', async () => {
    const premiere = await eventId(t, 'Les Misérables (premiere)');
    const matinee = await eventId(t, 'Les Misérables (matinée)');
    const res = await attach(season, [matinee, premiere]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Event(s) attached', events: [matinee, premiere] });
    expect((await children(season)).collection.map((e: { id: number }) => e.id)).toEqual(expect.arrayContaining([matinee, premiere]));
  });

  it('when the target is not a seasonal event or the list is empty, then 422', async () => {
    const ordinary = await eventId(t, 'Comedy Gala');
    expect((await attach(ordinary, [await eventId(t, 'Jazz at the Lion')])).json().error.code).toBe('not_seasonal');
    expect((await attach(season, [])).statusCode).toBe(422);
  });
});

describe('detach events', () => {
  it('when a child is detached, then it leaves the season but is not deleted', async () => {
    const matinee = await eventId(t, 'Les Misérables (matinée)');
    const res = await detach(season, [matinee]);
    expect(res.statusCode).toBe(200);
    expect((await children(season)).collection.map((e: { id: number }) => e.id)).not.toContain(matinee);
    const e = (await t.call({ method: 'GET', url: `/api/events/${matinee}`, token: promoter })).json();
    expect(e.seasonal_event).toBeNull();
  });

  it('when the event is not a child of the season, then 422; another promoter gets 404', async () => {
    expect((await detach(season, [await eventId(t, 'Comedy Gala')])).statusCode).toBe(422);
    expect((await detach(season, [await eventId(t, 'Les Misérables')], promoter2)).statusCode).toBe(404);
  });
});
