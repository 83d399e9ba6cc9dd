import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIDS_NOT_DEFINED_MESSAGE } from '../../src/domain/restrictions';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventForm, eventId, multipart } from './support/eventFixtures';

/** Ticket types and restrictions of an event (000 §5, §9), as the console's forms save them. */
let t: TestApp;
let admin: string;
let promoter: string;
let promoter2: string;
let fresh: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter, promoter2] = await Promise.all([t.tokenFor('admin'), t.tokenFor('promoter'), t.tokenFor('promoter2')]);
  fresh = (await t.call({ method: 'POST', url: '/api/events', token: promoter, ...multipart(await eventForm(t)) })).json().id;
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });
const send = (method: 'POST' | 'PUT', url: string, token: string, payload: object) => t.call({ method, url, token, payload });
const adult = { name: 'Standard', default: true, kids: false, age_from: 18, age_to: null };
const kids = { name: 'Kids', default: false, kids: true, age_from: null, age_to: 12 };

describe('ticket types', () => {
  it('when the form asks for defaults, then the dictionary offers one default adult type and a kids type', async () => {
    const { collection } = (await get('/api/dictionary/ticket-types', promoter)).json();
    expect(collection.filter((r: { default: boolean }) => r.default)).toHaveLength(1);
    expect(collection.find((r: { kids: boolean }) => r.kids)).toMatchObject({ age_from: null, age_to: 12, default: false });
  });

  it('when the first type is not the default, then 422 "Exactly one ticket type must be the default"', async () => {
    const res = await send('POST', `/api/events/${fresh}/ticket-types`, promoter, { ...adult, default: false });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors.default).toEqual(['Exactly one ticket type must be the default']);
  });

  it('when a row breaks the age rules, then each field gets the spec\'s message', async () => {
    const young = await send('POST', `/api/events/${fresh}/ticket-types`, promoter, { ...adult, age_from: 10, age_to: 8 });
    expect(young.json().validation_errors).toMatchObject({ age_from: ['Must be above 12'] });
    const badKids = await send('POST', `/api/events/${fresh}/ticket-types`, promoter, { ...kids, default: true, age_from: 3, age_to: 10 });
    expect(badKids.json().validation_errors).toEqual({
      name: undefined, age_from: ['Must be empty for a kids ticket type'], age_to: ['Must be 12 for a kids ticket type'], default: ['A kids ticket type cannot be the default'],
    });
    const noName = await send('POST', `/api/events/${fresh}/ticket-types`, promoter, { ...adult, name: ' ' });
    expect(noName.json().validation_errors.name).toEqual(['Required']);
    const long = await send('POST', `/api/events/${fresh}/ticket-types`, promoter, { ...adult, name: 'x'.repeat(101) });
    expect(long.json().validation_errors.name).toEqual(['Must be at most 100 characters']);
  });

  it('when the default, a student and a kids type are saved one at a time, then the list has them in order', async () => {
    expect((await send('POST', `/api/events/${fresh}/ticket-types`, promoter, adult)).statusCode).toBe(200);
    expect((await send('POST', `/api/events/${fresh}/ticket-types`, promoter, { ...adult, name: 'Student', default: false, age_from: 16 })).statusCode).toBe(200);
    const k = await send('POST', `/api/events/${fresh}/ticket-types`, promoter, { ...kids, age_to: '12' });
    expect(k.json()).toMatchObject({ name: 'Kids', kids: true, age_from: null, age_to: 12, has_price: false, original_price: null });
    const { collection, count } = (await get(`/api/events/${fresh}/ticket-types`, promoter)).json();
    expect(count).toBe(3);
    expect(collection.map((r: { name: string }) => r.name)).toEqual(['Standard', 'Student', 'Kids']);
    const dup = await send('POST', `/api/events/${fresh}/ticket-types`, promoter, { ...adult, name: 'STUDENT', default: false });
    expect(dup.json().validation_errors.name).toEqual(['Another ticket type has this name']);
  });

  it('when a type is saved with no maximum (null), then it keeps none: null is not read as 0', async () => {
    const { collection } = (await get(`/api/events/${fresh}/ticket-types`, promoter)).json();
    const student = collection.find((r: { name: string }) => r.name === 'Student');
    const capped = await send('PUT', `/api/events/${fresh}/ticket-types/${student.id}`, promoter, { ...adult, name: 'Student', default: false, age_from: 16, min: 0, max: 4 });
    expect(capped.json()).toMatchObject({ min: 0, max: 4 });
    const open = await send('PUT', `/api/events/${fresh}/ticket-types/${student.id}`, promoter, { ...adult, name: 'Student', default: false, age_from: 16, min: 0, max: null });
    expect(open.json()).toMatchObject({ min: 0, max: null, age_from: 16, age_to: null });
  });

  it('when another type becomes the default, then the old default gives the flag up; taking the only default away is refused', async () => {
    const { collection } = (await get(`/api/events/${fresh}/ticket-types`, promoter)).json();
    const student = collection.find((r: { name: string }) => r.name === 'Student');
    const standard = collection.find((r: { name: string }) => r.name === 'Standard');
    const res = await send('PUT', `/api/events/${fresh}/ticket-types/${student.id}`, promoter, { ...adult, name: 'Student', age_from: 16, default: true });
    expect(res.json().default).toBe(true);
    const after = (await get(`/api/events/${fresh}/ticket-types`, promoter)).json().collection;
    expect(after.filter((r: { default: boolean }) => r.default).map((r: { name: string }) => r.name)).toEqual(['Student']);
    const none = await send('PUT', `/api/events/${fresh}/ticket-types/${student.id}`, promoter, { ...adult, name: 'Student', age_from: 16, default: false });
    expect(none.json().validation_errors.default).toEqual(['Exactly one ticket type must be the default']);
    await send('PUT', `/api/events/${fresh}/ticket-types/${standard.id}`, promoter, adult);
  });

  it('when a seeded priced event lists its types, then the lowest price shows in SEK', async () => {
    const id = await eventId(t, 'Les Misérables');
    const { collection } = (await get(`/api/events/${id}/ticket-types`, promoter)).json();
    expect(collection[0]).toMatchObject({ name: 'Standard', default: true, has_price: true });
    expect(collection[0].original_price).toBeGreaterThan(0);
  });

  it('when another promoter reads or writes the types, then 404; an unknown type id is 404 too', async () => {
    expect((await get(`/api/events/${fresh}/ticket-types`, promoter2)).statusCode).toBe(404);
    expect((await send('POST', `/api/events/${fresh}/ticket-types`, promoter2, adult)).statusCode).toBe(404);
    expect((await send('PUT', `/api/events/${fresh}/ticket-types/999999`, promoter, adult)).statusCode).toBe(404);
  });
});

const restrictions = {
  max_number_tickets: 4, sell_on_market: 'sold-out', sell_to_friend: 'not-sold-out', resell_in_group: false,
  resell_max_percent: 20, age_restriction: 15, kids_allowed: false, reservation_time: 30, restrictions_confirmed: true,
};

describe('restrictions', () => {
  it('when a new event is read, then the event defaults of 000 §9 come back, not confirmed', async () => {
    const res = (await get(`/api/events/${fresh}/restrictions`, promoter)).json();
    expect(res).toEqual({
      max_number_tickets: 6, sell_on_market: 'anytime', sell_to_friend: 'anytime', resell_in_group: true, resell_max_percent: 50,
      age_restriction: 18, kids_allowed: false, reservation_time: 60, qr_first_generation_time: 60, qr_inevent_showing_time: null,
      restrictions_confirmed: false,
    });
  });

  it('when a promoter saves, then the values are stored and the restrictions are confirmed', async () => {
    const res = await send('PUT', `/api/events/${fresh}/restrictions`, promoter, { ...restrictions, kids_allowed: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...restrictions, kids_allowed: true, restrictions_confirmed: true, qr_first_generation_time: 60 });
  });

  it('when a promoter sends the QR times, then 403; an admin sets them in seconds', async () => {
    const refused = await send('PUT', `/api/events/${fresh}/restrictions`, promoter, { ...restrictions, qr_first_generation_time: 120 });
    expect(refused.statusCode).toBe(403);
    const ok = await send('PUT', `/api/events/${fresh}/restrictions`, admin, { ...restrictions, qr_first_generation_time: 120, qr_inevent_showing_time: 3 * 3600 + 30 * 60 + 5 });
    expect(ok.json()).toMatchObject({ qr_first_generation_time: 120, qr_inevent_showing_time: 12605 });
  });

  it('when kids are allowed without a kids ticket type, then 422 with the spec\'s message', async () => {
    const id = await eventId(t, 'Handball EM: Sweden – Denmark');
    const res = await send('PUT', `/api/events/${id}/restrictions`, promoter2, { ...restrictions, kids_allowed: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors.kids_allowed).toEqual([KIDS_NOT_DEFINED_MESSAGE]);
  });

  it('when the resale cap is over 100 percent or a field is missing, then 422', async () => {
    const over = await send('PUT', `/api/events/${fresh}/restrictions`, promoter, { ...restrictions, resell_max_percent: 150 });
    expect(over.json().validation_errors.resell_max_percent).toEqual(['Must be at most 100']);
    const { sell_on_market: _omit, ...missing } = restrictions;
    expect((await send('PUT', `/api/events/${fresh}/restrictions`, promoter, missing)).json().validation_errors.sell_on_market).toEqual(['Required']);
  });

  it('when another promoter reads or saves them, then 404', async () => {
    expect((await get(`/api/events/${fresh}/restrictions`, promoter2)).statusCode).toBe(404);
    expect((await send('PUT', `/api/events/${fresh}/restrictions`, promoter2, restrictions)).statusCode).toBe(404);
  });
});
