/**
 * Reads every map of the real-map corpus (corpus.json) from a local folder with the importer and prints, beside the
 * counts expected (counted independently of the importer, see README.md), what it read, its confidence, its warnings
 * and a verdict. Downloads nothing: fetch the files first (README.md says how).
 *
 *   node --import tsx bench/venue-corpus/readCorpus.ts FOLDER [--json]
 *
 * Verdicts: right = the seats and sections expected were read (or a file that cannot be imported was refused);
 * warned = read otherwise, but the report says so (a warning, or the map's confidence "guessed");
 * wrong = read otherwise with confidence ("marked" or "inferred") and no warning.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseForImport } from '../../server/venues/importVenueMap';

interface CorpusEntry {
  file: string; repo: string; commit: string; path: string; licence: string | null;
  expectedSeats: number; expectedSections: number; expectError: boolean; counted: string;
  /** "svg-element": the map is the <svg> element of a page (a Blade view), cut out before it is read. */
  extract?: 'svg-element';
}
type Verdict = 'right' | 'warned' | 'wrong';
interface Row {
  file: string; expectedSeats: number; expectedSections: number; verdict: Verdict | 'missing';
  seats?: number; sections?: number; confidence?: string; warnings?: string[]; error?: string;
}

const [folder, flag] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node --import tsx bench/venue-corpus/readCorpus.ts FOLDER [--json]');
  process.exit(2);
}
const corpus = JSON.parse(await readFile(new URL('./corpus.json', import.meta.url), 'utf8')) as CorpusEntry[];
const rows: Row[] = [];
for (const entry of corpus) {
  const base = { file: entry.file, expectedSeats: entry.expectedSeats, expectedSections: entry.expectedSections };
  const file = await readFile(path.join(folder, entry.file), 'utf8').catch(() => null);
  const svg = file !== null && entry.extract === 'svg-element'
    ? file.slice(file.indexOf('<svg'), file.lastIndexOf('</svg>') + '</svg>'.length) : file;
  if (svg === null) {
    rows.push({ ...base, verdict: 'missing' });
    continue;
  }
  try {
    const { report } = parseForImport(svg);
    const sections = report.sections.length;
    const warnings = report.warnings.map((w) => w.message);
    const right = !entry.expectError && report.seats === entry.expectedSeats && sections === entry.expectedSections;
    const said = warnings.length > 0 || report.confidence.map === 'guessed';
    rows.push({ ...base, seats: report.seats, sections, confidence: report.confidence.map, warnings,
      verdict: right ? 'right' : said ? 'warned' : 'wrong' });
  } catch (err) {
    rows.push({ ...base, error: (err as Error).message, verdict: entry.expectError ? 'right' : 'warned' });
  }
}
if (flag === '--json') console.log(JSON.stringify(rows, null, 2));
else {
  for (const r of rows) {
    if (r.verdict === 'missing') console.log(`${r.file}: not in ${folder}`);
    else if (r.error !== undefined) console.log(`${r.file}: expected ${r.expectedSeats} / ${r.expectedSections}, refused: "${r.error}" → ${r.verdict}`);
    else {
      console.log(`${r.file}: expected ${r.expectedSeats} seats / ${r.expectedSections} sections, read ${r.seats} / ` +
        `${r.sections}, ${r.confidence}, ${r.warnings!.length} warning(s) → ${r.verdict}`);
      for (const w of r.warnings!) console.log(`    ! ${w}`);
    }
  }
  const count = (v: string) => rows.filter((r) => r.verdict === v).length;
  console.log(`\n${rows.length} maps: ${count('right')} right, ${count('warned')} warned, ${count('wrong')} wrong` +
    (count('missing') ? `, ${count('missing')} missing` : ''));
}
