import { classTokens, decodeIllustratorId, type SeatIdentity } from './seatIdentity';
import {
  A_DATA_CAPACITY, A_DATA_KIND, A_DATA_PLASE, A_DATA_ROW, A_DATA_SECTION, A_DATA_SECTION_ID, A_DATA_SECTION_NAME,
  A_INKSCAPE_GROUPMODE, A_INKSCAPE_LABEL,
} from './svgVocabulary';
import type { XmlTag } from './XmlTag';

/**
 * How real venue maps mark sections and rows (docs/venue-svg.md has the table): what a group is (a section, a row,
 * a seat drawn as several shapes, a non-sellable area, or just a group) and what a shape that is not a seat says
 * about areas (an outline, a section drawn as one shape, a disabled area).
 */
export const ROLE_PLAIN = 0, ROLE_SECTION = 1, ROLE_ROW = 2, ROLE_SEAT = 3, ROLE_DISABLED = 4, ROLE_LEVEL = 5;

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
/** Level groups of section-only maps (g#LEVEL_2, g#Floor-1): a level holds sections, it is not one. */
const LEVEL_ID = /^(?:level|lvl|floor|deck|tier|ebene|etage|étage|niveau|nivel|våning|plan|ярус|уровень|этаж)[\s_-]*[0-9A-Za-z]{0,4}$/iu;
/** Tables of a dinner or cabaret layout (g#mesa-12, g#table_4): each is a row of the chairs around it. */
const TABLE_ID = /^(?:mesa|table|tisch|bord|tavolo|стол)[\s_-]*(\d+[a-z]?)$/iu;
/** Walls, railings, stairs and the like, drawn for orientation: neither seats nor sections. */
export const DECORATION_ID = /^(?:pared|paredes|muro|wall|walls|barandal|barandales|baranda|railing|railings|rail|escalera|escaleras|stair|stairs|steps|treppe|trappa|trappor|escalier|лестница)(?:$|[\s_-])/iu;
/** Bands and trays drawn round a level's sections (LEVEL 2 TRAY): not a section. */
export const BAND_ID = /(?:^|[\s_-])(?:tray|band|ring|concourse|fascia|border|background|bg)(?:$|[\s_-])/i;
const GA_KINDS = new Set(['ga', 'general_admission', 'general-admission', 'standing']);

/** What a group is: a section, a row, a seat drawn as several shapes, a non-sellable area, or just a group. */
export function readGroupRole(tok: XmlTag, id: string | null, classValue: string | null,
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
  if (identity.plainSection !== null) {
    out.role = ROLE_SECTION;
    out.name = identity.plainSection;
    out.convention = 'plain-attributes';
    return;
  }
  if (identity.plainRow !== null) {
    out.role = ROLE_ROW;
    out.name = identity.plainRow;
    out.convention = 'plain-attributes';
    return;
  }
  const decoded = id ? decodeIllustratorId(id) : null;
  if (decoded && LEVEL_ID.test(decoded.replace(/_/g, ' ').trim())) {
    out.role = ROLE_LEVEL;
    out.name = decoded.replace(/_/g, ' ').trim();
    out.convention = 'level-groups';
    return;
  }
  const table = decoded ? TABLE_ID.exec(decoded) : null;
  if (table) {
    out.role = ROLE_ROW;
    out.name = decoded!.replace(/[_-]+/g, ' ').trim();
    out.convention = 'table-groups';
    return;
  }
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
export function readAreaRole(tok: XmlTag, id: string | null, classValue: string | null,
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

