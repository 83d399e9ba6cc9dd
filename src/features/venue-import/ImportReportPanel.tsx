import { Button, Callout, HTMLTable, Tag } from '@blueprintjs/core';
import type { ImportConfidence, ImportReport, ImportWarning } from '../../../workers/venue-map/venueModel';

const WORDS: Record<ImportConfidence, string> = { marked: 'Marked', inferred: 'Inferred from geometry', guessed: 'Guessed' };
const INTENT = { marked: 'success', inferred: 'primary', guessed: 'warning' } as const;

export function ConfidenceTag({ value }: { value: ImportConfidence }) {
  return <Tag minimal intent={INTENT[value]}>{WORDS[value]}</Tag>;
}

const n = (v: number) => v.toLocaleString('sv-SE');

/** The importer's report beside the drawn map: counts, confidence, warnings (a click shows where), notes, sections. */
export function ImportReportPanel({ report, onWarning, active }: {
  report: ImportReport;
  onWarning: (warning: ImportWarning, index: number) => void;
  active: number;
}) {
  return (
    <div className="venue-import-report">
      <dl className="venue-import-counts">
        <div><dt>Seats</dt><dd>{n(report.seats)}</dd></div>
        <div><dt>Rows</dt><dd>{n(report.rows)}</dd></div>
        <div><dt>Sections</dt><dd>{n(report.sections.length)}</dd></div>
        <div><dt>Standing areas</dt><dd>{n(report.generalAdmissionAreas)}</dd></div>
      </dl>
      <p>Confidence: <ConfidenceTag value={report.confidence.map} /></p>
      {report.warnings.length > 0 ? (
        <Callout intent="warning" title={`${report.warnings.length} ${report.warnings.length === 1 ? 'warning' : 'warnings'}`}>
          <ul className="venue-import-warnings">
            {report.warnings.map((w, i) => (
              <li key={i}>
                <Button variant="minimal" alignText="start" active={active === i} onClick={() => onWarning(w, i)}
                  text={w.message} aria-label={`Show on the map: ${w.message}`} />
              </li>
            ))}
          </ul>
        </Callout>
      ) : (
        <Callout intent="success">No warnings: everything seat-like in the file was read.</Callout>
      )}
      {report.notes.length > 0 ? (
        <ul className="venue-import-notes">{report.notes.map((note) => <li key={note}>{note}</li>)}</ul>
      ) : null}
      <HTMLTable compact className="venue-import-sections" aria-label="Sections found">
        <thead><tr><th>Section</th><th>Seats</th><th>Rows</th><th>Confidence</th></tr></thead>
        <tbody>
          {report.sections.map((s) => (
            <tr key={s.name}>
              <td>{s.name}</td>
              <td>{s.kind === 'general_admission' ? `Standing (${n(s.capacity)})` : n(s.seats)}</td>
              <td>{n(s.rows)}</td>
              <td><ConfidenceTag value={worst(s.confidence)} /></td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {report.skipped.length > 0 ? (
        <details>
          <summary>{report.skipped.length} kinds of elements left out</summary>
          <ul>{report.skipped.map((s, i) => <li key={i}>{`<${s.element}>${s.line ? ` line ${s.line}` : ''}: ${s.reason}`}</li>)}</ul>
        </details>
      ) : null}
    </div>
  );
}

function worst(c: { section: ImportConfidence; seats: ImportConfidence; rows: ImportConfidence }): ImportConfidence {
  const all = [c.section, c.seats, c.rows];
  return all.includes('guessed') ? 'guessed' : all.includes('inferred') ? 'inferred' : 'marked';
}
