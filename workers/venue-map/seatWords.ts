/**
 * The common words for section, row and seat in English, Swedish, German, French, Spanish and Russian: as attribute
 * names (`row`, `data-place`, `sector`, `data-reihe` ...) and inside a sentence ("Stalls, row 18, seat 5",
 * "Партер, ряд 18, место 5", "Parkett rad 3 plats 12").
 */
export const WORD_SECTION = 1, WORD_ROW = 2, WORD_SEAT = 3;

const SECTION_WORDS = ['section', 'sector', 'sektor', 'sektion', 'block', 'bloc', 'tribune', 'tribüne', 'sección',
  'seccion', 'zona', 'сектор', 'секция', 'блок', 'трибуна'];
const ROW_WORDS = ['row', 'rad', 'reihe', 'rangée', 'rangee', 'rang', 'fila', 'ряд'];
const SEAT_WORDS = ['seat', 'place', 'plats', 'platz', 'sitzplatz', 'sitz', 'siège', 'siege', 'fauteuil', 'asiento',
  'butaca', 'localidad', 'место', 'кресло'];

/** Attribute names (without `data-`) that say what their value is. */
const ATTRIBUTE_WORDS = new Map<string, number>();
for (const w of [...SECTION_WORDS, 'place-name', 'placename', 'sector-name', 'sectorname', 'block-name', 'area-name'])
  ATTRIBUTE_WORDS.set(w, WORD_SECTION);
for (const w of [...ROW_WORDS, 'row-name', 'rowname', 'row-number', 'row-label', 'rownumber', 'row-no'])
  ATTRIBUTE_WORDS.set(w, WORD_ROW);
for (const w of [...SEAT_WORDS, 'number', 'nummer', 'num', 'seat-number', 'seatnumber', 'seat-label', 'seat-no',
  'place-number', 'placenumber', 'номер']) ATTRIBUTE_WORDS.set(w, WORD_SEAT);

/** WORD_* for an attribute name (lower case, with or without `data-`), or 0. */
export function attributeWord(lowerName: string): number {
  return ATTRIBUTE_WORDS.get(lowerName.startsWith('data-') ? lowerName.slice(5) : lowerName) ?? 0;
}

/** A seat, row or section label as an attribute holds it: a short run of letters, digits and separators. */
export const LABEL = /^[\p{L}\p{N}][\p{L}\p{N}._/-]{0,11}$/u;

/** A section name as an attribute holds it: longer, and with spaces ("Sector C230", "Upper Tier North"). */
export const SECTION_LABEL = /^[\p{L}\p{N}][\p{L}\p{N} ._/'()&-]{0,59}$/u;

const alternation = (words: string[]) => [...words].sort((a, b) => b.length - a.length).join('|');
const VALUE = '(?:\\s*(?:no\\.?|nr\\.?|№|#|n°|:)?\\s*)([\\p{L}\\p{N}]{1,6})(?![\\p{L}\\p{N}])';
const ROW_IN_SENTENCE = new RegExp(`(?<![\\p{L}])(?:${alternation(ROW_WORDS)})\\.?${VALUE}`, 'iu');
const SEAT_IN_SENTENCE = new RegExp(`(?<![\\p{L}])(?:${alternation(SEAT_WORDS)})\\.?${VALUE}`, 'iu');
const SECTION_IN_SENTENCE = new RegExp(`(?<![\\p{L}])(?:${alternation(SECTION_WORDS)})\\.?${VALUE}`, 'iu');

export interface SentenceSeat {
  section: string | null;
  row: string | null;
  seat: string | null;
}

/**
 * Reads "Stalls, row 18, seat 5" (and its translations): a row word and a seat word, each followed by its label; the
 * section is named by a section word ("Sektor B") or is the text before the first of them ("Stalls"). False when
 * the text does not hold both a row and a seat.
 */
export function readSeatSentence(text: string, out: SentenceSeat): boolean {
  if (text.length > 200) return false;
  const row = ROW_IN_SENTENCE.exec(text);
  const seat = row ? SEAT_IN_SENTENCE.exec(text) : null;
  if (!row || !seat) return false;
  out.row = row[1]!;
  out.seat = seat[1]!;
  const section = SECTION_IN_SENTENCE.exec(text);
  if (section) {
    out.section = section[1]!;
  } else {
    const lead = text.slice(0, Math.min(row.index, seat.index)).replace(/[\s,;:.\-–—|/]+$/u, '').trim();
    out.section = lead && lead.length <= 60 ? lead : null;
  }
  return true;
}

/** Text that reads like a seat description in words the importer does not know: letters and at least two numbers. */
export function looksLikeSeatText(text: string): boolean {
  return text.length <= 200 && /\p{L}{2,}[^\p{N}]*\p{N}+[^\p{N}]+\p{N}+/u.test(text);
}
