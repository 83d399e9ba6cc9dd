import { SEAT_FLAG_ACCESSIBLE, SEAT_FLAG_UNAVAILABLE } from './venueModel';
import { A_CLASS, A_DATA_ACCESSIBLE, A_DATA_INIT, A_DATA_ROW, A_DATA_SEAT, A_DATA_SECTION } from './svgVocabulary';
import {
  attributeWord, LABEL, looksLikeSeatText, readSeatSentence, SECTION_LABEL, WORD_ROW, WORD_SEAT, WORD_SECTION,
  type SentenceSeat,
} from './seatWords';
import type { XmlTag } from './XmlTag';

/**
 * How real venue maps mark and name their seats (docs/venue-svg.md has the table): the canonical class and data
 * attributes, data-init JSON, id grammars (p-5-12, Q12, seat-n-row-section), class grammars (sec-101-row-9-seat-12)
 * and vendor data attributes. The reader returns what the element says about itself; the walker combines it with
 * what the enclosing groups said.
 */
export interface SeatIdentity {
  isSeat: boolean;
  /** Why an id that looks like a seat id cannot be read ("p-10--6"); the element is skipped and reported. */
  malformed: string | null;
  /** Section named by the seat itself (sec-101-row-9-seat-12, seat-3-B-North): wins over enclosing groups. */
  section: string | null;
  /** Block letter of p-5-12 ids: used as the section only when no enclosing group names one. */
  block: string | null;
  row: string | null;
  seat: string | null;
  flags: number;
  convention: string | null;
  /** A section or row named by a plain attribute (sector="B", data-reihe="3") on an element that is not a seat. */
  plainSection: string | null;
  plainRow: string | null;
  /** Seat-like attributes (data-*, title, aria-label, words for seat/row/section) that no rule read. */
  unused: string[];
  /** Attributes whose text reads like a seat description in words the importer does not know. */
  unread: string[];
}

export function newSeatIdentity(): SeatIdentity {
  return { isSeat: false, malformed: null, section: null, block: null, row: null, seat: null, flags: 0, convention: null,
    plainSection: null, plainRow: null, unused: [], unread: [] };
}

function clear(out: SeatIdentity): void {
  out.isSeat = false;
  out.malformed = out.section = out.block = out.row = out.seat = out.convention = null;
  out.plainSection = out.plainRow = null;
  out.flags = 0;
  if (out.unused.length) out.unused.length = 0;
  if (out.unread.length) out.unread.length = 0;
}

const UNAVAILABLE = new Set(['unavailable', 'not-available', 'na', 'sold', 'booked', 'reserved', 'occupied',
  'blocked', 'disabled', 'inactive', 'seat-unavailable', 'seat-disabled']);
const ACCESSIBLE = new Set(['accessible', 'wheelchair', 'da', '_da', 'seat-accessible', 'handicap']);

const NO_TOKENS: readonly string[] = [];

export function classTokens(classValue: string | null): string[] {
  if (!classValue) return [];
  return classValue.indexOf(' ') < 0 && classValue.indexOf('\t') < 0 && classValue.indexOf('\n') < 0
    ? [classValue] : classValue.split(/\s+/).filter(Boolean);
}

/** Illustrator escapes ids: "_14948030" for a numeric id, "_x20_" for a space, "Row_A_1_" for a repeated name. */
export function decodeIllustratorId(id: string): string {
  let s = id.indexOf('_x') >= 0
    ? id.replace(/_x([0-9A-Fa-f]{2,4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : id;
  if (s.length > 3 && s.charCodeAt(s.length - 1) === 95) s = s.replace(/_\d+_$/, '');
  if (s.charCodeAt(0) === 95 && s.charCodeAt(1) >= 48 && s.charCodeAt(1) <= 57) s = s.slice(1);
  return s;
}

const SEAT_ROW_SECTION = /^seat[-_](\d+)[-_]([^-_]+)[-_](.+)$/i;
const SEC_ROW_SEAT = /^sec(?:tion)?[-_]?([^-_]+)[-_]row[-_]?([^-_]+)[-_]seat[-_]?([^-_]+?)(_DA)?$/i;
// Blocks are letters with an optional number and twin suffix: p-5-12, b5-4-16, lb7-1-8, l6-2-3, b5c-4-16.
const BLOCK_ROW_SEAT = /^([a-z]{1,3}(?:\d{1,3}[a-z]?)?)-([0-9a-z]+)-(\d[0-9a-z]*)$/i;
const BLOCK_LIKE = /^[a-z]{1,3}(?:\d{1,3}[a-z]?)?\\?-[\w\\-]*\d/i;
const ROW_LETTER_SEAT = /^([A-Za-z]{1,3})[-_]?(\d+)$/;

/** Reads what the current element (a shape, a <use> or a group) says about being a seat. */
export function readSeatIdentity(tok: XmlTag, id: string | null, classValue: string | null,
  contextRow: string | null, out: SeatIdentity): void {
  clear(out);
  const tokens = classValue === 'seat' ? null : classTokens(classValue);
  if (classValue === 'seat' || tokens!.includes('seat')) {
    out.isSeat = true;
    out.convention = 'canonical';
  }
  for (const token of tokens ?? NO_TOKENS) {
    const lower = token.toLowerCase();
    if (UNAVAILABLE.has(lower)) out.flags |= SEAT_FLAG_UNAVAILABLE;
    if (ACCESSIBLE.has(lower)) out.flags |= SEAT_FLAG_ACCESSIBLE;
    const sec = SEC_ROW_SEAT.exec(token);
    if (sec) {
      out.isSeat = true;
      out.section = sec[1]!;
      out.row = sec[2]!;
      out.seat = sec[3]!;
      if (sec[4]) out.flags |= SEAT_FLAG_ACCESSIBLE;
      out.convention = 'class-sec-row-seat';
    }
  }
  const dataSeat = tok.attr(A_DATA_SEAT);
  if (dataSeat >= 0) {
    out.isSeat = true;
    out.seat = tok.attrValue(dataSeat).trim() || null;
    out.convention = 'canonical';
    const row = tok.attr(A_DATA_ROW);
    if (row >= 0) out.row = tok.attrValue(row).trim() || null;
  }
  const accessible = tok.attr(A_DATA_ACCESSIBLE);
  if (accessible >= 0 && !tok.attrEquals(accessible, 'false') && !tok.attrEquals(accessible, '0')) {
    out.flags |= SEAT_FLAG_ACCESSIBLE;
  }
  const init = tok.attr(A_DATA_INIT);
  if (init >= 0) readDataInit(tok.attrString(init), out);
  if (!out.isSeat && id) readSeatId(id, contextRow, out);
  if (tok.attrCount > 2 || !out.isSeat) readPlainWords(tok, out);
  if (!out.isSeat) {
    const label = seatMarker(tok);
    if (label !== null) {
      out.isSeat = true;
      // data-seat-type="STANDARD": the element is a seat, but the value says what kind, not which seat. Read as its
      // number, every seat of a row had the same one and all but the first were dropped as duplicates.
      out.seat = markerIsDescriptor ? null : label.trim() || null;
      out.convention = 'data-seat-attribute';
      if (out.unused.length) out.unused = out.unused.filter((n) => n.indexOf('seat', 5) < 0);
    }
  }
}

/**
 * A data attribute written with a namespace prefix (xlink:data-seccion="D", xlink:data-asiento="4": a Sketch export
 * whose seats are links) is read as the data attribute it names.
 */
function unprefixed(name: string): string {
  const colon = name.indexOf(':');
  return colon > 0 && name.startsWith('data-', colon + 1) ? name.slice(colon + 1) : name;
}

/** Attribute names that carry a count (data-seat-count, data-total-seats): metadata about seats, not a seat. */
export const COUNT_NAME = /count|total|capacity|amount|qty|quantity|num-?seats|seats-?num|number-of/i;

/** Attribute names that describe a seat (data-seat-type, data-seat-category): a seat marker, not its number. */
export const DESCRIPTOR_NAME = /type|kind|categor|class|status|state|price|colou?r|tier/i;

/** Whether the last marker seatMarker found names a kind of seat (data-seat-type) rather than the seat. */
let markerIsDescriptor = false;

/** The value of a data-*seat* attribute that marks the element as a seat (not a count of seats), or null. */
function seatMarker(tok: XmlTag): string | null {
  for (let i = 0; i < tok.attrCount; i++) {
    if (tok.attrCode(i) !== -1) continue;
    const name = unprefixed(tok.attrName(i));
    if (!name.startsWith('data-') || name.indexOf('seat', 5) < 0 || COUNT_NAME.test(name)) continue;
    markerIsDescriptor = DESCRIPTOR_NAME.test(name.slice(5).replace(/seat/i, ''));
    return tok.attrString(i);
  }
  return null;
}

const sentence: SentenceSeat = { section: null, row: null, seat: null };

/**
 * Attributes outside the known list: plain names (row="3", data-place="12", sector="B", in the six languages of
 * seatWords) and sentences ("Stalls, row 18, seat 5" in title, aria-label or a data-* attribute). What looks like
 * seat information but is read by no rule is listed for the report's warnings.
 */
function readPlainWords(tok: XmlTag, out: SeatIdentity): void {
  let seat: string | null = null, row: string | null = null, section: string | null = null, fromSentence = false;
  for (let i = 0; i < tok.attrCount; i++) {
    if (tok.attrCode(i) !== -1) continue;
    const name = unprefixed(tok.attrName(i).toLowerCase());
    const word = attributeWord(name);
    const dataLike = name.startsWith('data-') || name === 'title' || name === 'aria-label';
    if (word === 0 && !dataLike) continue;
    const value = tok.attrString(i).trim();
    if (!value) continue;
    if (word !== 0 && (word === WORD_SECTION ? SECTION_LABEL : LABEL).test(value)) {
      if (word === WORD_SEAT) seat ??= value;
      else if (word === WORD_ROW) row ??= value;
      else section ??= value;
      continue;
    }
    if (readSeatSentence(value, sentence)) {
      seat ??= sentence.seat;
      row ??= sentence.row;
      section ??= sentence.section;
      fromSentence = true;
      continue;
    }
    if (looksLikeSeatText(value)) out.unread.push(name);
    else if (word !== 0 || name.startsWith('data-')) out.unused.push(name);
  }
  if (out.isSeat) {
    // Already a seat by another rule: plain words fill what it left open.
    if (out.row === null && row !== null) out.row = row;
    if (out.section === null && out.block === null && section !== null) out.section = section;
    return;
  }
  if (seat !== null) {
    out.isSeat = true;
    out.seat = seat;
    const dataRow = tok.attr(A_DATA_ROW);
    out.row = row ?? (dataRow >= 0 ? tok.attrValue(dataRow).trim() || null : null);
    const dataSection = tok.attr(A_DATA_SECTION);
    out.section = section ?? (dataSection >= 0 ? tok.attrString(dataSection).trim() || null : null);
    out.convention = fromSentence ? 'seat-sentence' : 'plain-attributes';
  } else {
    out.plainSection = section;
    out.plainRow = row;
  }
}

function readDataInit(json: string, out: SeatIdentity): void {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    out.malformed = 'data-init is not valid JSON';
    return;
  }
  if (typeof data !== 'object' || data === null) return;
  const record = data as Record<string, unknown>;
  const text = (v: unknown): string | null =>
    typeof v === 'string' || typeof v === 'number' ? String(v).trim() || null : null;
  const seat = text(record.seat ?? record.place ?? record.number);
  if (seat === null) return;
  out.isSeat = true;
  out.seat = seat;
  out.row = text(record.row) ?? out.row;
  out.section = text(record.section ?? record.sector) ?? out.section;
  out.convention = 'nested-data-init';
}

function readSeatId(rawId: string, contextRow: string | null, out: SeatIdentity): void {
  let id = decodeIllustratorId(rawId);
  let match = SEAT_ROW_SECTION.exec(id);
  if (match) {
    out.isSeat = true;
    out.seat = match[1]!;
    out.row = match[2]!;
    out.section = match[3]!;
    out.convention = 'id-seat-row-section';
    return;
  }
  match = SEC_ROW_SEAT.exec(id);
  if (match) {
    out.isSeat = true;
    out.section = match[1]!;
    out.row = match[2]!;
    out.seat = match[3]!;
    if (match[4]) out.flags |= SEAT_FLAG_ACCESSIBLE;
    out.convention = 'class-sec-row-seat';
    return;
  }
  if (BLOCK_LIKE.test(id)) {
    // Hand-edited maps carry escaped or doubled separators ("p\-11-19"): repair the escape, refuse the rest.
    if (id.indexOf('\\') >= 0) id = id.replace(/\\/g, '');
    match = BLOCK_ROW_SEAT.exec(id);
    const block = match?.[1]!.toLowerCase();
    if (match && block !== 'row' && block !== 'sec') {
      out.isSeat = true;
      let name = match[1]!;
      // Twins of one seat: p-5-12 (group), pc-5-12 (its circle), pn-5-12 (its number).
      if (name.length > 1 && /[cn]$/i.test(name)) name = name.slice(0, -1);
      out.block = name;
      out.row = match[2]!;
      out.seat = match[3]!;
      out.convention = 'id-block-row-seat';
      return;
    }
    if (/--|-$|\\/.test(id)) {
      out.malformed = `malformed seat id "${rawId}"`;
      return;
    }
  }
  if (contextRow !== null) {
    match = ROW_LETTER_SEAT.exec(id);
    if (match && match[1]!.toLowerCase() === contextRow.toLowerCase()) {
      out.isSeat = true;
      out.row = contextRow;
      out.seat = match[2]!;
      out.convention = 'id-row-letter-seat';
    }
  }
}

/** Reads the class attribute once per element (most seats have one). */
export function classOf(tok: XmlTag): string | null {
  const i = tok.attr(A_CLASS);
  return i >= 0 ? tok.attrValue(i) : null;
}
