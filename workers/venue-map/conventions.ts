import { SEAT_FLAG_ACCESSIBLE, SEAT_FLAG_UNAVAILABLE } from './venueModel';
import {
  A_CLASS, A_DATA_ACCESSIBLE, A_DATA_CAPACITY, A_DATA_INIT, A_DATA_KIND, A_DATA_PLASE, A_DATA_ROW, A_DATA_SEAT,
  A_DATA_SECTION, A_DATA_SECTION_ID, A_DATA_SECTION_NAME, A_INKSCAPE_GROUPMODE, A_INKSCAPE_LABEL,
} from './svgVocabulary';
import type { XmlTokenizer } from './XmlTokenizer';

/**
 * How real venue maps name their seats, rows and sections (docs/venue-svg.md has the table). Each reader returns
 * what the element says about itself; the walker combines it with what the enclosing groups said.
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
}

export function newSeatIdentity(): SeatIdentity {
  return { isSeat: false, malformed: null, section: null, block: null, row: null, seat: null, flags: 0, convention: null };
}

function clear(out: SeatIdentity): void {
  out.isSeat = false;
  out.malformed = out.section = out.block = out.row = out.seat = out.convention = null;
  out.flags = 0;
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
const BLOCK_ROW_SEAT = /^([a-z]{1,3})-([0-9a-z]+)-(\d[0-9a-z]*)$/i;
const BLOCK_LIKE = /^[a-z]{1,3}\\?-[\w\\-]*\d/i;
const ROW_LETTER_SEAT = /^([A-Za-z]{1,3})[-_]?(\d+)$/;

/** Reads what the current element (a shape, a <use> or a group) says about being a seat. */
export function readSeatIdentity(tok: XmlTokenizer, id: string | null, classValue: string | null,
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
  if (!out.isSeat) {
    const label = tok.attrMatching('data-', 'seat');
    if (label !== null) {
      out.isSeat = true;
      out.seat = label.trim() || null;
      out.convention = 'data-seat-attribute';
    }
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

export const ROLE_PLAIN = 0, ROLE_SECTION = 1, ROLE_ROW = 2, ROLE_SEAT = 3, ROLE_DISABLED = 4;

export interface GroupRole {
  role: number;
  /** Section name or row label; for ROLE_PLAIN the group's decoded id (a fallback section name), or null. */
  name: string | null;
  /** A section the file declares outright (canonical g.section, a GA area): it exists even without seats. */
  declared: boolean;
  generalAdmission: boolean;
  capacity: number;
  convention: string | null;
}

export function newGroupRole(): GroupRole {
  return { role: ROLE_PLAIN, name: null, declared: false, generalAdmission: false, capacity: 0, convention: null };
}

const SECTION_ID = /^(?:section|sec|sector|block|tribune|stand|zone)[-_ ]?\w/i;
const ROW_ID = /^row[-_ ]?([0-9A-Za-z]+)$/i;
const ROW_IN_LABEL = /\brow\s*([0-9A-Za-z]+)/i;
const GA_KINDS = new Set(['ga', 'general_admission', 'general-admission', 'standing']);

/** What a group is: a section, a row, a seat drawn as several shapes, a non-sellable area, or just a group. */
export function readGroupRole(tok: XmlTokenizer, id: string | null, classValue: string | null,
  identity: SeatIdentity, out: GroupRole): void {
  out.role = ROLE_PLAIN;
  out.name = null;
  out.declared = out.generalAdmission = false;
  out.capacity = 0;
  out.convention = null;
  const tokens = classTokens(classValue);
  if (tokens.includes('disabled-section')) {
    out.role = ROLE_DISABLED;
    return;
  }
  if (identity.isSeat || identity.malformed) {
    out.role = ROLE_SEAT;
    return;
  }
  const dataSection = tok.attr(A_DATA_SECTION);
  const sectionName = tok.attr(A_DATA_SECTION_NAME);
  const sectionId = tok.attr(A_DATA_SECTION_ID);
  if (dataSection >= 0 || sectionName >= 0 || sectionId >= 0) {
    out.role = ROLE_SECTION;
    out.name = tok.attrString(dataSection >= 0 ? dataSection : sectionName >= 0 ? sectionName : sectionId).trim();
    out.declared = true;
    const kind = tok.attr(A_DATA_KIND);
    out.generalAdmission = kind >= 0 && GA_KINDS.has(tok.attrString(kind).trim().toLowerCase());
    const capacity = tok.attrNumber(tok.attr(A_DATA_CAPACITY));
    out.capacity = capacity > 0 ? Math.floor(capacity) : 0;
    out.convention = tokens.includes('section') ? 'canonical' : dataSection >= 0 ? 'data-section-groups'
      : 'data-section-id';
    if (out.name) return;
  }
  const mode = tok.attr(A_INKSCAPE_GROUPMODE);
  if (mode >= 0 && tok.attrEquals(mode, 'layer')) {
    const label = tok.attr(A_INKSCAPE_LABEL);
    out.role = ROLE_SECTION;
    out.name = (label >= 0 ? tok.attrString(label).trim() : '') || (id ? decodeIllustratorId(id) : '');
    out.convention = 'inkscape-layers';
    if (out.name) return;
  }
  const dataRow = tok.attr(A_DATA_ROW);
  if (dataRow >= 0) {
    out.role = ROLE_ROW;
    out.name = tok.attrString(dataRow).trim();
    out.convention = 'canonical';
    if (out.name) return;
  }
  const plase = tok.attr(A_DATA_PLASE);
  const rowInLabel = plase >= 0 ? ROW_IN_LABEL.exec(tok.attrString(plase)) : null;
  if (rowInLabel) {
    out.role = ROLE_ROW;
    out.name = rowInLabel[1]!;
    out.convention = 'nested-data-init';
    return;
  }
  const decoded = id ? decodeIllustratorId(id) : null;
  const rowId = decoded ? ROW_ID.exec(decoded) : null;
  if (rowId) {
    out.role = ROLE_ROW;
    out.name = rowId[1]!;
    out.convention = 'row-groups';
    return;
  }
  out.role = ROLE_PLAIN;
  out.name = null;
  if (decoded) {
    const sectionLike = tokens.includes('section') || SECTION_ID.test(decoded);
    out.role = sectionLike ? ROLE_SECTION : ROLE_PLAIN;
    out.name = sectionLike ? decoded.replace(/_/g, ' ').trim() : decoded;
    out.convention = sectionLike ? 'section-groups' : null;
  }
  if (tokens.includes('row')) out.role = ROLE_ROW;
}

export const AREA_NONE = 0, AREA_OUTLINE = 1, AREA_SECTION = 2, AREA_DISABLED = 3;

/**
 * What a shape that is not a seat says about areas: the outline of the enclosing section (canonical
 * class="section-outline"), a section drawn as one shape (section-only maps: class="section" with ids such as
 * section-101-bg, Ticketmaster's data-section-id/name), or a non-sellable area (class="disabled-section").
 * Returns the kind; `name` receives the section name for AREA_SECTION.
 */
export function readAreaRole(tok: XmlTokenizer, id: string | null, classValue: string | null,
  name: { value: string; convention: string }): number {
  const tokens = classTokens(classValue);
  if (tokens.includes('disabled-section')) return AREA_DISABLED;
  if (tokens.includes('section-outline')) return AREA_OUTLINE;
  for (const code of [A_DATA_SECTION_NAME, A_DATA_SECTION, A_DATA_SECTION_ID]) {
    const i = tok.attr(code);
    const value = i >= 0 ? tok.attrString(i).trim() : '';
    if (value) {
      name.value = value;
      name.convention = code === A_DATA_SECTION ? 'data-section-groups' : 'data-section-id';
      return AREA_SECTION;
    }
  }
  const decoded = id ? decodeIllustratorId(id) : '';
  const sectionId = /^section[-_ ]?(.+?)(?:[-_](?:bg|background|shape|area|outline))?$/i.exec(decoded);
  if (tokens.includes('section') || sectionId) {
    name.value = sectionId ? sectionId[1]! : decoded;
    name.convention = 'section-shapes';
    return AREA_SECTION;
  }
  return AREA_NONE;
}

/** Reads the class attribute once per element (most seats have one). */
export function classOf(tok: XmlTokenizer): string | null {
  const i = tok.attr(A_CLASS);
  return i >= 0 ? tok.attrValue(i) : null;
}
