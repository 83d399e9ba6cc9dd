import { Button, Callout, HTMLSelect, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import type { SectionKind } from '../../domain/venueSectionEdits';
import type { ImportConfidence, ImportReport, ImportWarning, UnreadElements } from '../../../workers/venue-map/venueModel';
import { formatCount } from '../../domain/money';

const WORDS: Record<ImportConfidence, string> = { marked: 'Marked', inferred: 'Inferred from geometry', guessed: 'Guessed' };
const INTENT = { marked: 'success', inferred: 'primary', guessed: 'warning' } as const;

export function ConfidenceTag({ value }: { value: ImportConfidence }) {
  return <Tag minimal multiline intent={INTENT[value]}>{WORDS[value]}</Tag>;
}

const n = formatCount;

/** A section's name and kind as shown (and edited) before saving. */
export interface ShownSection {
  name: string;
  kind: SectionKind;
}

const KINDS = [{ value: 'seated', label: 'Seated' }, { value: 'general_admission', label: 'Standing' }];

/**
 * The importer's report beside the drawn map: counts, confidence, warnings (a click shows where), notes, and the
 * sections, each with its name and kind editable before saving (errors under the name, keyed `sections.<i>.name`).
 */
export function ImportReportPanel({ report, onWarning, active, sections, onSection, errors }: {
  report: ImportReport;
  onWarning: (warning: ImportWarning, index: number) => void;
  active: number;
  sections: ShownSection[];
  onSection: (index: number, change: Partial<ShownSection>) => void;
  errors: Record<string, string>;
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
        <Callout intent="success">No warnings: every choice the importer made is in the notes and the list below.</Callout>
      )}
      <TallyList tally={report.tally} />
      {report.notes.length > 0 ? (
        <ul className="venue-import-notes">{report.notes.map((note) => <li key={note}>{note}</li>)}</ul>
      ) : null}
      <div className="venue-import-sections-wrap">
      <HTMLTable compact className="venue-import-sections" aria-label="Sections found">
        <thead><tr><th>Section</th><th>Kind</th><th>Seats</th><th>Rows</th><th>Confidence</th></tr></thead>
        <tbody>
          {report.sections.map((s, i) => {
            const shown = sections[i] ?? { name: s.name, kind: s.kind };
            const error = errors[`sections.${i}.name`];
            const standing = shown.kind === 'general_admission';
            return (
              <tr key={s.name}>
                <td>
                  <InputGroup small value={shown.name} aria-label={`Name of section ${s.name}`}
                    intent={error ? 'danger' : 'none'} aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `venue-section-error-${i}` : undefined}
                    onValueChange={(name) => onSection(i, { name })} />
                  {error ? <div className="venue-import-field-error" id={`venue-section-error-${i}`}>{error}</div> : null}
                </td>
                <td>
                  <HTMLSelect minimal value={shown.kind} options={KINDS} aria-label={`Kind of section ${s.name}`}
                    onChange={(e) => onSection(i, { kind: e.currentTarget.value as SectionKind })} />
                </td>
                <td>{standing ? `Standing (${n(s.kind === 'general_admission' ? s.capacity : s.seats)})` : n(s.kind === 'seated' ? s.seats : 0)}</td>
                <td>{n(standing ? 0 : s.rows)}</td>
                <td><ConfidenceTag value={worst(s.confidence)} /></td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      </div>
      {report.skipped.length > 0 ? (
        <details>
          <summary>{report.skipped.length} kinds of elements left out</summary>
          <ul>{report.skipped.map((s, i) => <li key={i}>{`<${s.element}>${s.line ? ` line ${s.line}` : ''}: ${s.reason}`}</li>)}</ul>
        </details>
      ) : null}
    </div>
  );
}

/** What looked like a seat and what became of it: the sums add up (seen = read + not read), each kind with a sample. */
function TallyList({ tally }: { tally: ImportReport['tally'] }) {
  const notRead = tally.notRead.reduce((sum, e) => sum + e.count, 0);
  const sample = (e: UnreadElements) => (e.sampleId ? ` (first: #${e.sampleId})` : e.line ? ` (first on line ${e.line})` : '');
  return (
    <div className="venue-import-tally" aria-label="Seat-like elements">
      <p>{`Seat-like elements: ${n(tally.seatLike)} seen = ${n(tally.seatsRead)} read as seats + ${n(notRead)} not read as seats`}</p>
      {tally.notRead.length + tally.sectionsNotRead.length > 0 ? (
        <ul>
          {tally.notRead.map((e, i) => <li key={`s${i}`}>{`${n(e.count)} ${e.kind}: ${e.reason}${sample(e)}`}</li>)}
          {tally.sectionsNotRead.map((e, i) => (
            <li key={`a${i}`}>{`${n(e.count)} ${e.kind} (section-like): ${e.reason}${sample(e)}`}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function worst(c: { section: ImportConfidence; seats: ImportConfidence; rows: ImportConfidence }): ImportConfidence {
  const all = [c.section, c.seats, c.rows];
  return all.includes('guessed') ? 'guessed' : all.includes('inferred') ? 'inferred' : 'marked';
}
