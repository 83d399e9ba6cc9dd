import { DEFAULT_SECTION, type VenueBuilder } from './VenueBuilder';
import type { ImportConfidence, ImportReport, ImportWarning, SectionConfidence, VenueModel } from './venueModel';

/**
 * How sure the import is, per section and for the whole map (docs/venue-import.md): `marked` when the file says so,
 * `inferred` when geometry or a plain group id said it, `guessed` for a default or a choice between readings. The
 * whole map is the least certain of its sections.
 */
export const CONFIDENCE_RANK: Record<ImportConfidence, number> = { marked: 0, inferred: 1, guessed: 2 };

export function worseConfidence(a: ImportConfidence, b: ImportConfidence): ImportConfidence {
  return CONFIDENCE_RANK[b] > CONFIDENCE_RANK[a] ? b : a;
}

/** A section's confidence from what the walk and the vetting recorded about it. */
export function sectionConfidence(b: VenueBuilder, s: number, name: string): SectionConfidence {
  return {
    section: b.sectionGuessed.has(s) || name === DEFAULT_SECTION ? 'guessed'
      : b.sectionInferred.has(s) ? 'inferred' : 'marked',
    seats: b.sectionGuessed.has(s) ? 'guessed' : b.sectionSeatsFrom.get(s) ?? 'marked',
    rows: b.rowsInferred.has(s) ? 'inferred' : 'marked',
  };
}

/** The whole map's confidence: per key the least certain section, and `map` the least certain key. */
export function mapConfidence(sections: ImportReport['sections']): ImportReport['confidence'] {
  const overall = (key: keyof SectionConfidence): ImportConfidence =>
    sections.reduce<ImportConfidence>((worst, r) => worseConfidence(worst, r.confidence[key]), 'marked');
  const confidence = { section: overall('section'), seats: overall('seats'), rows: overall('rows'),
    map: 'marked' as ImportConfidence };
  for (const key of ['section', 'seats', 'rows'] as const) confidence.map = worseConfidence(confidence.map, confidence[key]);
  return confidence;
}

/**
 * A `marked` verdict needs the marks to agree with each other and with the drawing: in each section whose seats are
 * marked, the seat numbers of a row should run in sequence (steps of 1, or 2 for odd/even sides, with at most one
 * jump for an aisle) and no two seats of a row should sit on top of each other. Where a fifth of a section's rows or
 * more disagree, the section's seats are only `inferred` and a warning says what disagreed.
 */
export function checkAgreement(model: VenueModel, sections: ImportReport['sections'], warnings: ImportWarning[]): void {
  // Each label's number read once (a map has a few hundred distinct labels for its 200k seats), NaN for "9A".
  let numbers: Float64Array | null = null;
  for (let s = 0; s < model.sectionCount; s++) {
    const report = sections[s]!;
    if (report.confidence.seats !== 'marked' || model.sectionSeatCount[s] === 0) continue;
    numbers ??= labelNumbers(model.strings);
    let outOfSequence = 0, overlapping = 0, numbered = 0;
    const firstRow = model.sectionFirstRow[s]!, rows = model.sectionRowCount[s]!;
    for (let r = firstRow; r < firstRow + rows; r++) {
      const first = model.rowFirstSeat[r]!, count = model.rowSeatCount[r]!;
      let previous = NaN, jumps = 0, broken = false, allNumbers = true;
      for (let k = first; k < first + count; k++) {
        const n = numbers[model.seatLabel[k]!]!;
        if (!Number.isInteger(n)) {
          allNumbers = false;
          break;
        }
        const step = n - previous;
        if (step > 2 && ++jumps > 1) broken = true;
        previous = n;
        if (k > first) {
          // Squared distances: no square root (nor Math.hypot's care for overflow) per seat.
          const dx = model.seatX[k]! - model.seatX[k - 1]!, dy = model.seatY[k]! - model.seatY[k - 1]!;
          const near = (model.seatRadius[k]! + model.seatRadius[k - 1]!) * 0.25;
          if (dx * dx + dy * dy < near * near) overlapping++;
        }
      }
      if (!allNumbers || count < 2) continue;
      numbered++;
      if (broken) outOfSequence++;
    }
    const problems: string[] = [];
    if (numbered > 0 && outOfSequence * 5 >= numbered && outOfSequence > 0) {
      problems.push(`${outOfSequence} of its ${numbered} numbered rows have seat numbers that do not run in sequence`);
    }
    if (overlapping > 0) problems.push(`${overlapping} ${overlapping === 1 ? 'seat sits' : 'seats sit'} on top of the one numbered before`);
    if (problems.length === 0) continue;
    report.confidence.seats = 'inferred';
    const b = model.sectionBounds;
    warnings.push({ message: `Section "${report.name}" is marked, but ${problems.join(', and ')}: check its seats`,
      section: report.name, at: { minX: b[s * 4]!, minY: b[s * 4 + 1]!, maxX: b[s * 4 + 2]!, maxY: b[s * 4 + 3]! } });
  }
}

/** Number(label) of every string of the model (the seat labels among them). */
function labelNumbers(strings: readonly string[]): Float64Array {
  const out = new Float64Array(strings.length);
  for (let k = 0; k < strings.length; k++) out[k] = Number(strings[k]);
  return out;
}
