import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { formatImportReport } from './formatImportReport';
import { importVenueMap, parseForImport } from './importVenueMap';

const USAGE = `npm run venue:import -- [--dry-run] [--accept-warnings] [--venue "Venue name"] [--name "Map name"] FILE.svg

  --dry-run          print the import report (seats, rows, sections with seat counts and confidence, warnings,
                     notes, skipped elements with reasons) and write nothing; --json prints it as JSON
  --accept-warnings  import a map whose report has warnings (without it such a map is refused)
  --venue     the venue to add the map to (created when it does not exist); default: the file name
  --name      the map's name; default: the file name`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean' }, 'accept-warnings': { type: 'boolean' }, json: { type: 'boolean' }, venue: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
});
if (values.help || positionals.length !== 1) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const file = positionals[0];
const svg = await readFile(file, 'utf8').catch((err) => {
  console.error(`Cannot read ${file}: ${err.message}`);
  process.exit(2);
});
const base = path.basename(file, path.extname(file));

try {
  const { report: checked } = parseForImport(svg);
  if (values['dry-run']) {
    console.log(values.json ? JSON.stringify(checked, null, 2) : formatImportReport(checked));
    process.exit(0);
  }
  if (checked.warnings.length > 0 && !values['accept-warnings']) {
    console.error(formatImportReport(checked));
    console.error(`\nNot imported: the report has ${checked.warnings.length} warning(s). Check the map, then run again ` +
      'with --accept-warnings to import it as read.');
    process.exit(3);
  }
  const db = await openDatabase(readConfig());
  try {
    await migrate(db);
    const venueName = values.venue ?? base;
    const { mapId, report } = await db.transaction(async (tx) => {
      const found = await tx.query<{ id: number }>('SELECT id FROM venues WHERE name_en = $1', [venueName]);
      const venueId = found.rows[0]
        ? Number(found.rows[0].id)
        : Number((await tx.query<{ id: number }>('INSERT INTO venues (name_en, name_sv) VALUES ($1, $1) RETURNING id', [venueName])).rows[0].id);
      return importVenueMap(tx, { venueId, name: values.name ?? base, svg });
    });
    console.log(`Imported map ${mapId} "${values.name ?? base}" into "${venueName}": ${report.seats} seats, ${report.rows} rows, ` +
      `${report.sections.length} sections (${report.generalAdmissionAreas} general admission), ${report.skipped.length} elements skipped.`);
  } finally {
    await db.close();
  }
} catch (err) {
  console.error(`Import failed, nothing written: ${(err as Error).message}`);
  process.exit(1);
}
