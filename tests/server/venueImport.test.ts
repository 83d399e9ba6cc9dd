import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVenueSvg } from '../../workers/venue-map/parseVenueSvg';
import { createTestApp, type TestApp } from './setup/testApp';

let t: TestApp;
let admin: string;
let venueId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  venueId = Number((await t.db.query<{ id: number }>(`INSERT INTO venues (name_en, name_sv) VALUES ('Test Hall', 'Testhallen') RETURNING id`)).rows[0].id);
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(`tests/fixtures/venues/${name}`, 'utf8');

/** A multipart/form-data body with a file and optional fields. */
function multipart(file: { name: string; type: string; content: string } | null, fields: Record<string, string> = {}) {
  const boundary = '----arena-test-boundary';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  if (file) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.content}\r\n`);
  parts.push(`--${boundary}--\r\n`);
  return { payload: parts.join(''), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string, body: ReturnType<typeof multipart>, venue = venueId) =>
  t.call({ method: 'POST', url: `/api/venues/${venue}/maps`, token, payload: body.payload, headers: body.headers });

const mapCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM venue_maps WHERE venue_id = $1', [venueId])).rows[0].n;

describe('POST api/venues/{id}/maps', () => {
  it('when an admin uploads a canonical map, then its sections and seats are stored with the import report', async () => {
    const res = await upload(admin, multipart({ name: 'hall.svg', type: 'image/svg+xml', content: fixture('canonical.svg') }, { name: 'Concert layout' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.name).toBe('Concert layout');
    expect(body.report).toMatchObject({ seats: 8, rows: 3, generalAdmissionAreas: 1 });
    const sections = await t.db.query<{ name: string; seat_count: number; general_admission: boolean; capacity: number }>(
      'SELECT name, seat_count, general_admission, capacity FROM map_sections WHERE map_id = $1 ORDER BY position', [body.id]);
    expect(sections.rows).toEqual([
      { name: 'Stalls', seat_count: 6, general_admission: false, capacity: 0 },
      { name: 'Balcony', seat_count: 2, general_admission: false, capacity: 0 },
      { name: 'Floor (standing)', seat_count: 0, general_admission: true, capacity: 500 },
    ]);
    const seats = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM map_seats WHERE map_id = $1', [body.id]);
    expect(seats.rows[0].n).toBe(8);
  });

  it('when the XML is malformed, then 422 names the line and nothing is written', async () => {
    const before = await mapCount();
    const res = await upload(admin, multipart({ name: 'broken.svg', type: 'image/svg+xml', content: fixture('error-malformed.svg') }, { name: 'Broken' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('invalid_venue_svg');
    expect(res.json().error.message).toMatch(/line \d+/);
    expect(await mapCount()).toBe(before);
  });

  it('when the file declares entities, then it is refused', async () => {
    const res = await upload(admin, multipart({ name: 'laughs.svg', type: 'image/svg+xml', content: fixture('error-entity.svg') }, { name: 'Entities' }));
    expect(res.statusCode).toBe(422);
  });

  it('when the file is not an SVG, then the file field says so', async () => {
    const res = await upload(admin, multipart({ name: 'photo.png', type: 'image/png', content: 'not an svg' }, { name: 'Photo' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors.file).toEqual(['The map must be an SVG file (.svg).']);
  });

  it('when no file is sent, then file is Required', async () => {
    const res = await upload(admin, multipart(null, { name: 'Nothing' }));
    expect(res.json().validation_errors.file).toEqual(['Required']);
  });

  it('when the name is taken in the venue, then it is refused', async () => {
    const res = await upload(admin, multipart({ name: 'hall.svg', type: 'image/svg+xml', content: fixture('canonical.svg') }, { name: 'Concert layout' }));
    expect(res.json().validation_errors.name).toEqual(['This venue already has a map with this name.']);
  });

  it('when the map has warnings, then it is refused unless they are accepted, and then stored with its report', async () => {
    const before = await mapCount();
    const file = { name: 'plaques.svg', type: 'image/svg+xml', content: fixture('marked-with-plaques.svg') };
    const refused = await upload(admin, multipart(file, { name: 'Plaques' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('venue_map_warnings');
    expect(await mapCount()).toBe(before);
    const accepted = await upload(admin, multipart(file, { name: 'Plaques', accept_warnings: 'true' }));
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().report).toMatchObject({ seats: 6, confidence: { map: 'guessed' } });
    expect(accepted.json().report.warnings).toHaveLength(1);
    expect(await mapCount()).toBe(before + 1);
  });

  it('when sections are renamed and one set to standing before saving, then the import stores them so, and the stored map reads the same', async () => {
    const edits = [{ section: 'Stalls', name: '  Parkett  ', kind: 'general_admission' }, { section: 'Balcony', name: 'Läktare' }];
    const res = await upload(admin, multipart({ name: 'hall.svg', type: 'image/svg+xml', content: fixture('canonical.svg') },
      { name: 'Edited layout', sections: JSON.stringify(edits) }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.report).toMatchObject({ seats: 2, rows: 1, generalAdmissionAreas: 2 });
    const sections = await t.db.query<{ name: string; seat_count: number; general_admission: boolean; capacity: number }>(
      'SELECT name, seat_count, general_admission, capacity FROM map_sections WHERE map_id = $1 ORDER BY position', [body.id]);
    expect(sections.rows).toEqual([
      { name: 'Parkett', seat_count: 0, general_admission: true, capacity: 6 },
      { name: 'Läktare', seat_count: 2, general_admission: false, capacity: 0 },
      { name: 'Floor (standing)', seat_count: 0, general_admission: true, capacity: 500 },
    ]);
    const seats = await t.db.query<{ section: string; n: number }>(
      `SELECT s.name AS section, count(*)::int AS n FROM map_seats m JOIN map_sections s ON s.id = m.section_id
        WHERE m.map_id = $1 GROUP BY s.name`, [body.id]);
    expect(seats.rows).toEqual([{ section: 'Läktare', n: 2 }]);
    // The console parses the stored SVG: it must read the sections the database has.
    const svg = await t.call({ method: 'GET', url: `/api/venue-maps/${body.id}/svg`, token: admin });
    expect(svg.statusCode).toBe(200);
    const reparsed = parseVenueSvg(svg.body);
    expect(reparsed.report.sections.map((s) => [s.name, s.kind, s.seats, s.capacity])).toEqual(
      [['Parkett', 'general_admission', 0, 6], ['Läktare', 'seated', 2, 0], ['Floor (standing)', 'general_admission', 0, 500]]);
    const stored = await t.db.query<{ import_report: { sections: { name: string }[] } }>('SELECT import_report FROM venue_maps WHERE id = $1', [body.id]);
    expect(stored.rows[0].import_report.sections.map((s) => s.name)).toEqual(['Parkett', 'Läktare', 'Floor (standing)']);
  });

  it.each([
    [[{ section: 'Stalls', name: '   ' }], { 'sections.0.name': ['Required'] }],
    [[{ section: 'Balcony', name: 'stalls' }], { 'sections.1.name': ['Another section of this map has this name'] }],
    [[{ section: 'Stalls', name: 'Par\u0000kett' }], { 'sections.0.name': ['A section name cannot contain control characters'] }],
    [[{ section: 'Stalls', name: 'x'.repeat(101) }], { 'sections.0.name': ['Use at most 100 characters'] }],
    [[{ section: 'Gallery', name: 'Upper' }], { sections: ['The map has no section with this name: "Gallery"'] }],
    ['not json', { sections: ['Must be a JSON list of {"section", "name"?, "kind"?: "seated" | "general_admission"}'] }],
    [[{ section: 'Stalls', kind: 'boxes' }], { sections: ['Must be a JSON list of {"section", "name"?, "kind"?: "seated" | "general_admission"}'] }],
    [{ section: 'Stalls' }, { sections: ['Must be a JSON list of {"section", "name"?, "kind"?: "seated" | "general_admission"}'] }],
  ])('when the section edits are %j, then 422 says which and nothing is written', async (edits, errors) => {
    const before = await mapCount();
    const res = await upload(admin, multipart({ name: 'hall.svg', type: 'image/svg+xml', content: fixture('canonical.svg') },
      { name: 'Refused layout', sections: typeof edits === 'string' ? edits : JSON.stringify(edits) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual(errors);
    expect(await mapCount()).toBe(before);
  });

  it('when a promoter uploads, then 403', async () => {
    const res = await upload(await t.tokenFor('promoter'), multipart({ name: 'hall.svg', type: 'image/svg+xml', content: fixture('canonical.svg') }, { name: 'Mine' }));
    expect(res.statusCode).toBe(403);
  });

  it('when the venue does not exist, then 404', async () => {
    const res = await upload(admin, multipart({ name: 'hall.svg', type: 'image/svg+xml', content: fixture('canonical.svg') }, { name: 'X' }), 999999);
    expect(res.statusCode).toBe(404);
  });
});
