import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS_READ_BY_NOTHING } from '../../src/domain/settingEffects';

/**
 * The screens that save these settings say that nothing here reads them (src/domain/settingEffects.ts). This reads
 * the server's code: a column named there may appear only in the files that save, answer or copy it. When a file
 * starts to read one (a sale charging the admin fee, a reservation checking the ticket limit), this fails, and the
 * screen's words and the list must change with it.
 */
const SAVE_ANSWER_COPY: Record<string, string> = {
  'server/routes/settings/settingsRoutes.ts': 'GET and PUT api/settings: answers and saves the fees',
  'server/routes/settings/platformSettingsRoutes.ts': 'the FAQ calls: answer and save the items',
  'server/routes/events/eventQueries.ts': 'answers an event with its restrictions',
  'server/routes/events/eventInput.ts': 'parses the event form, which carries two restrictions',
  'server/routes/events/eventWrite.ts': 'saves the event form',
  'server/routes/events/restrictionsRoutes.ts': 'GET and PUT api/events/{id}/restrictions',
  'server/routes/events/copyRoutes.ts': 'the copy wizard copies the restrictions to the new event',
  // A product's own age restriction (merchandise.age_restriction), a different column of the same name.
  'server/routes/merchandise/merchandiseQueries.ts': 'merchandise.age_restriction',
  'server/routes/merchandise/merchandiseWrite.ts': 'merchandise.age_restriction',
  'server/routes/merchandise/merchandiseInput.ts': 'merchandise.age_restriction',
  'server/routes/events/merchandiseCopyRoutes.ts': 'merchandise.age_restriction',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' || name === 'seed' ? [] : files(full);
    return full.endsWith('.ts') ? [full.split(path.sep).join('/')] : [];
  });
}

describe('settings the console says nothing reads', () => {
  it('when the server\'s code is read, then each such column appears only where it is saved, answered or copied', () => {
    const server = files('server').map((f) => ({ f, text: readFileSync(f, 'utf8') }));
    const readers = SETTINGS_READ_BY_NOTHING.flatMap((column) =>
      server.filter(({ f, text }) => new RegExp(`\\b${column}\\b`).test(text) && !SAVE_ANSWER_COPY[f]).map(({ f }) => `${column}: ${f}`),
    );
    expect(readers).toEqual([]);
  });

  it('when the server\'s code is read, then the VAT table is read only for the ticket rates the event form offers', () => {
    const readers = files('server').filter((f) => /\b(FROM|JOIN) vats\b/.test(readFileSync(f, 'utf8'))).sort();
    expect(readers).toEqual([
      'server/routes/events/eventInput.ts', // checks an event's ticket VAT is one of the ticket rates
      'server/routes/settings/platformSettingsRoutes.ts', // Settings → VAT itself
      'server/routes/venues/venuesRoutes.ts', // GET api/vats, the dropdowns' options
    ]);
    // ...and the console asks GET api/vats for the ticket rates only (the event form's Ticket VAT).
    const asks = files('src/api').flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/url: 'vats', params: \{ 'filters\[item_type\]': '(\w+)'/g)].map((m) => m[1]));
    expect(asks).toEqual(['ticket']);
  });

  it('when a column is listed, then the server does store it (the list names real columns)', () => {
    const migrations = readdirSync('server/db/migrations').map((f) => readFileSync(path.join('server/db/migrations', f), 'utf8')).join('\n');
    expect(SETTINGS_READ_BY_NOTHING.filter((column) => !new RegExp(`\\b${column}\\b`).test(migrations))).toEqual([]);
  });
});
