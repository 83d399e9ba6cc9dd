import { DEFAULT_SECTION, type VenueBuilder } from './VenueBuilder';
import type { ImportConfidence, ImportReport, SectionConfidence } from './venueModel';

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
