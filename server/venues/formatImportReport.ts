import type { ImportConfidence, ImportReport } from '../../workers/venue-map/venueModel';

const WORDS: Record<ImportConfidence, string> = { marked: 'marked', inferred: 'inferred from geometry', guessed: 'guessed' };

/** The import report as a person reads it in a terminal: counts, confidence, warnings first, then the rest. */
export function formatImportReport(report: ImportReport): string {
  const c = report.confidence;
  const lines = [
    `${report.seats} seats, ${report.rows} rows, ${report.sections.length} sections ` +
      `(${report.generalAdmissionAreas} general admission)`,
    `Confidence: ${WORDS[c.map]} (sections ${WORDS[c.section]}, seats ${WORDS[c.seats]}, rows ${WORDS[c.rows]})`,
    `Conventions: ${report.conventions.join(', ') || 'none'}`,
  ];
  lines.push('', report.warnings.length ? `Warnings (${report.warnings.length}):` : 'Warnings: none');
  for (const w of report.warnings) lines.push(`  ! ${w.message}${w.section ? ` [${w.section}]` : ''}`);
  if (report.notes.length) {
    lines.push('', 'Notes:');
    for (const n of report.notes) lines.push(`  - ${n}`);
  }
  const t = report.tally;
  const notRead = t.notRead.reduce((n, e) => n + e.count, 0);
  lines.push('', `Seat-like elements: ${t.seatLike} seen = ${t.seatsRead} read + ${notRead} not read`);
  for (const e of t.notRead) lines.push(`  ${e.count} ${e.kind}: ${e.reason}${sample(e)}`);
  for (const e of t.sectionsNotRead) lines.push(`  section-like, not read: ${e.count} ${e.kind}: ${e.reason}${sample(e)}`);
  lines.push('', 'Sections:');
  for (const s of report.sections) {
    const k = s.confidence;
    lines.push(`  ${s.name}: ${s.kind === 'general_admission' ? `standing, capacity ${s.capacity}` : `${s.seats} seats in ${s.rows} rows`}` +
      ` (section ${WORDS[k.section]}, seats ${WORDS[k.seats]}, rows ${WORDS[k.rows]})`);
  }
  if (report.skipped.length) {
    lines.push('', 'Skipped:');
    for (const s of report.skipped) lines.push(`  ${s.element}${s.line ? ` (line ${s.line})` : ''}: ${s.reason}`);
  }
  if (report.duplicates.length) lines.push('', `Duplicate seat keys (first kept): ${report.duplicates.join(', ')}`);
  return lines.join('\n');
}

function sample(e: { sampleId: string | null; line?: number }): string {
  if (e.sampleId) return ` (first: #${e.sampleId}${e.line ? `, line ${e.line}` : ''})`;
  return e.line ? ` (first on line ${e.line})` : '';
}
