import { classOf, newSeatIdentity, readSeatIdentity, type SeatIdentity } from './seatIdentity';
import { MALFORMED_SEAT_ID } from './UnreadLog';
import { shapeBounds } from './seatShapes';
import { outlinePolygon, transformPoints } from './sectionOutline';
import { applyTransform, applyViewBox, copyMatrix, matrixScale, multiplyRight } from './svgTransform';
import {
  A_CLASS, A_CX, A_CY, A_DATA_ACCESSIBLE, A_DATA_INIT, A_DATA_ROW, A_DATA_SEAT, A_HEIGHT, A_HREF, A_ID, A_R,
  A_STYLE, A_TRANSFORM, A_WIDTH, A_X, A_XLINK_HREF, A_Y,
} from './svgVocabulary';
import { readPlainDecimal } from './NumberReader';
import { SEAT_FLAG_ACCESSIBLE } from './venueModel';
import { SymbolLibrary, type SymbolTemplate } from './SymbolLibrary';
import { DEFAULT_SECTION, SEAT_CANDIDATE, type VenueBuilder } from './VenueBuilder';
import { SECTION_EXPLICIT, type WalkContext } from './WalkContext';
import type { XmlTokenizer } from './XmlTokenizer';

/** Most seat-shape outlines kept for markers that may be sections. */
const MAX_KEPT_OUTLINES = 4096;
/** Most unmarked-shape outlines kept for shapes that may be sections drawn as blocks. */
const MAX_CANDIDATE_OUTLINES = 2048;

interface PendingUse {
  href: string;
  line: number;
  offset: number;
  matrix: Float64Array;
  width: number;
  height: number;
  section: number;
  row: number;
  label: number;
  segment: number;
  flags: number;
}

/**
 * Places seats and section areas found by the walker: resolves the section and row each one belongs to (what the
 * element says first, then the enclosing groups), turns shapes, seat groups and <use>s into a centre and a radius in
 * map units, and records outlines. <use>s of symbols defined later in the file wait until the end of the walk.
 */
export class SeatPlacer {
  readonly symbols = new SymbolLibrary();
  private seatGroupDepth = -1;
  private readonly group = { section: null as string | null, block: null as string | null, row: null as string | null,
    seat: null as string | null, flags: 0, convention: null as string | null, line: 0, offset: 0 };
  private groupMinX = 0; private groupMinY = 0; private groupMaxX = 0; private groupMaxY = 0;
  private readonly pending: PendingUse[] = [];
  private readonly useMatrix = new Float64Array(6);
  private lastConvention: string | null = null;
  /** Smallest seat radius so far, and the sections that have a seat shape: which shapes keep their outline. */
  private smallestSeat = Infinity;
  private readonly sectionsWithShape = new Set<number>();
  /**
   * Labels canonicalSeats has interned lately, by hash slot: a repeated label costs no string and no lookup. A label
   * of up to SHORT_LABEL characters is known by its length and its characters packed in one number (labelKey), which
   * most seat labels are ("1" to "999", "A1"): no comparison of strings, which Turbofan expands in place; a longer one
   * by its text.
   */
  private readonly labelText: (string | undefined)[] = new Array<string | undefined>(LABEL_CACHE).fill(undefined);
  private readonly labelLength = new Int32Array(LABEL_CACHE).fill(-1);
  private readonly labelKey = new Float64Array(LABEL_CACHE);
  private readonly labelIds = new Int32Array(LABEL_CACHE);
  /** A stylesheet hides class "seat": then no seat may take the canonical fast path. */
  seatClassHidden = false;

  constructor(private readonly tok: XmlTokenizer, private readonly b: VenueBuilder,
    private readonly ctx: WalkContext) {}

  get inSeatGroup(): boolean {
    return this.seatGroupDepth >= 0;
  }

  /** Offset in ctx.matrix of the current element's own matrix (its parent's when it has no transform). */
  private matrixOf(d: number): number {
    const tok = this.tok;
    const t = tok.attr(A_TRANSFORM);
    if (t < 0) return (d - 1) * 6;
    const m = this.ctx.matrix;
    copyMatrix(m, (d - 1) * 6, m, d * 6);
    if (!applyTransform(tok.src, tok.valueStart(t), tok.valueEnd(t), m, d * 6)) {
      this.b.skipped.add(tok.tagName(), 'malformed transform attribute ignored', tok.lineAt(tok.tokenStart));
    }
    return d * 6;
  }

  private noteConvention(convention: string | null): void {
    if (convention !== null && convention !== this.lastConvention) {
      this.b.conventions.add(convention);
      this.lastConvention = convention;
    }
  }

  /** The section of a seat whose parent is at depth p: the seat's own, the enclosing groups', its block, or Main. */
  sectionFor(p: number, explicit: string | null, block: string | null): number {
    if (explicit !== null) return this.b.section(explicit);
    const name = this.ctx.sectionName[p];
    // The block of an id (b5-4-16) is the section unless a group names one outright.
    if (block !== null && this.ctx.sectionStrength[p]! < SECTION_EXPLICIT) {
      const s = this.b.section(block);
      this.b.sectionInferred.add(s);
      return s;
    }
    if (name !== null && name !== undefined) {
      let index = this.ctx.sectionIndex[p]!;
      if (index < 0) {
        this.ctx.sectionIndex[p] = index = this.b.section(name);
        if (this.ctx.sectionStrength[p]! < SECTION_EXPLICIT) this.b.sectionInferred.add(index);
      }
      return index;
    }
    if (block !== null) return this.b.section(block);
    return this.b.section(DEFAULT_SECTION);
  }

  private rowFor(p: number, section: number, explicit: string | null): number {
    const b = this.b;
    if (explicit !== null) return b.row(section, b.intern(explicit));
    const label = this.ctx.rowLabel[p];
    if (label === null || label === undefined) return -1;
    const cached = this.ctx.rowIndex[p]!;
    if (cached >= 0 && b.rowSection[cached] === section) return cached;
    const row = b.row(section, b.intern(label));
    this.ctx.rowIndex[p] = row;
    return row;
  }

  private add(p: number, x: number, y: number, r: number, id: { section: string | null; block: string | null;
    row: string | null; seat: string | null; flags: number; convention: string | null }, candidate: boolean,
  source: number): void {
    const section = this.sectionFor(p, id.section, id.block);
    const row = this.rowFor(p, section, id.row);
    const label = id.seat !== null ? this.b.intern(id.seat) : -1;
    this.noteConvention(id.convention);
    this.b.addSeat(x, y, r, section, row, label, this.ctx.segment[p]!, id.flags | (candidate ? SEAT_CANDIDATE : 0),
      source);
  }

  /**
   * The canonical seat, <circle class="seat" data-seat="12" cx cy r/> with nothing else to interpret, placed without
   * the general convention reading: most of a 200k-seat canonical map is this element, and the general path costs
   * several times as much per seat. Anything unusual on the element (a transform, style, data-init, a seat-level
   * row ...) returns false and takes the general path, which gives the same result for this element.
   */
  canonicalSeat(d: number): boolean {
    const tok = this.tok;
    const cls = tok.attr(A_CLASS), label = tok.attr(A_DATA_SEAT);
    if (cls < 0 || label < 0 || !tok.attrEquals(cls, 'seat') || this.seatClassHidden) return false;
    if (tok.attr(A_TRANSFORM) >= 0 || tok.attr(A_STYLE) >= 0 || tok.attr(A_DATA_INIT) >= 0 || tok.attr(A_DATA_ROW) >= 0) {
      return false;
    }
    const r = tok.attrNumber(tok.attr(A_R));
    const seat = tok.attrValue(label);
    if (!(r > 0) || seat.length === 0 || seat.charCodeAt(0) <= 32 || seat.charCodeAt(seat.length - 1) <= 32) return false;
    const cx = tok.attrNumber(tok.attr(A_CX)) || 0, cy = tok.attrNumber(tok.attr(A_CY)) || 0;
    // Both comparisons run at every seat, attribute or not: in a cold parse (the console's worker), a call first
    // made after the JIT compiled this method (the first accessible seat, deep in a file) throws the compiled code
    // away, and so does maths first done in floating point (the first rotated section: see the scale below).
    const accessible = tok.attr(A_DATA_ACCESSIBLE);
    const declined = tok.attrEquals(accessible, 'false') || tok.attrEquals(accessible, '0');
    const flags = accessible >= 0 && !declined ? SEAT_FLAG_ACCESSIBLE : 0;
    const p = d - 1;
    const m = this.ctx.matrix, o = p * 6;
    const section = this.sectionFor(p, null, null);
    const b = this.b;
    this.noteConvention('canonical');
    // Through a Float64Array, so the JIT first sees this product in floating point, not the integer maths of a whole
    // radius at unit scale; the smallest radius is stored at every seat, not only when it changes.
    seatScale[0] = matrixScale(m, o);
    const radius = r * seatScale[0]!;
    this.smallestSeat = radius < this.smallestSeat ? radius : this.smallestSeat;
    b.addSeat(m[o]! * cx + m[o + 2]! * cy + m[o + 4]!, m[o + 1]! * cx + m[o + 3]! * cy + m[o + 5]!,
      radius, section, this.rowFor(p, section, null), b.intern(seat), this.ctx.segment[p]!, flags, tok.tokenStart);
    return true;
  }

  /**
   * A run of canonical seats written as the format's own writers write them (bench/venues/generateVenue: the
   * seeded arena and stadium; server/db/seed/smallVenueMaps): `<circle class="seat" data-seat="L" cx="X" cy="Y"
   * r="R"/>`, perhaps with data-accessible="…" after data-seat (readCanonicalSeat has the exact form). Each is read
   * straight from the text, without the tokenizer's attribute table or the walker's dispatch, and placed as
   * canonicalSeat places it: the same seat, section, row, label and flags, interned in the same order. The walk calls
   * this between tokens where an element may be a seat (not in definitions, a seat group, text or a skipped
   * element). It stops at the first element that is anything else, leaving it to the tokenizer, and returns how many
   * seats it read. At 100k seats the general path per seat (tokenizer, dispatch, canonicalSeat) was most of a cold
   * parse, in the interpreter as in compiled code. The numbers go through typed arrays (readCanonicalSeat's answer,
   * the builder's nextSeat) rather than as arguments, which would box each one in compiled code.
   */
  canonicalSeats(): number {
    if (this.seatClassHidden) return 0;
    const tok = this.tok;
    const src = tok.src;
    const fields = canonicalFields, numbers = canonicalNumbers;
    let end = readCanonicalSeat(src, tok.nextOffset(), fields, numbers);
    if (end < 0 || !tok.tookElement(end)) return 0;
    const b = this.b;
    const p = tok.depth;
    const m = this.ctx.matrix, o = p * 6;
    // What canonicalSeat works out per seat is the same for every seat of the run (same parent element).
    const section = this.sectionFor(p, null, null);
    this.noteConvention('canonical');
    seatScale[0] = matrixScale(m, o);
    const row = this.rowFor(p, section, null);
    const segment = this.ctx.segment[p]!;
    const next = b.nextSeat;
    let count = 0;
    for (;;) {
      const x = numbers[0]! || 0, y = numbers[1]! || 0;
      next[0] = m[o]! * x + m[o + 2]! * y + m[o + 4]!;
      next[1] = m[o + 1]! * x + m[o + 3]! * y + m[o + 5]!;
      next[2] = numbers[2]! * seatScale[0]!;
      this.smallestSeat = next[2]! < this.smallestSeat ? next[2]! : this.smallestSeat;
      b.addNextSeat(section, row, this.labelId(src, fields[0]!, fields[1]!, fields[2]!, numbers[3]!), segment,
        fields[3]!, tok.tokenStart);
      count++;
      end = readCanonicalSeat(src, end, fields, numbers);
      if (end < 0 || !tok.tookElement(end)) return count;
    }
  }

  /**
   * The string id of the label src[start, end) (hash: its characters'; key: its first SHORT_LABEL characters packed),
   * interned as canonicalSeat interns it.
   */
  private labelId(src: string, start: number, end: number, hash: number, key: number): number {
    const slot = (hash ^ (hash >>> 13)) & (LABEL_CACHE - 1);
    const length = end - start;
    if (this.labelLength[slot] === length &&
      (length <= SHORT_LABEL ? this.labelKey[slot] === key : src.startsWith(this.labelText[slot]!, start))) {
      return this.labelIds[slot]!;
    }
    const id = this.b.intern(src.slice(start, end));
    this.labelText[slot] = this.b.strings[id]!;
    this.labelLength[slot] = length;
    this.labelKey[slot] = key;
    this.labelIds[slot] = id;
    return id;
  }

  /** A basic shape that is a seat (marked), or may be one (candidate: judged when the whole map is known). */
  shapeSeat(d: number, identity: SeatIdentity, candidate: boolean): void {
    const box = scratchBox;
    if (!shapeBounds(this.tok, box)) {
      if (!candidate) {
        this.b.skipped.add(this.tok.tagName(), 'seat without usable geometry', this.line());
        this.b.notAdded('seat marker', 'marked as a seat but has no usable geometry', this.tok.tokenStart);
      }
      return;
    }
    const w = box[2]! - box[0]!, h = box[3]! - box[1]!;
    if (candidate && !(w > 0 && h > 0 && w <= 2 * h && h <= 2 * w)) {
      this.b.skipped.add(this.tok.tagName(), 'shape is neither a seat nor a section (decoration)', this.line());
      if (w > 0 && h > 0 && this.b.looseShapes.length < MAX_CANDIDATE_OUTLINES) this.keepLoose(d, box);
      return;
    }
    const m = this.ctx.matrix, o = this.matrixOf(d);
    const cx = (box[0]! + box[2]!) / 2, cy = (box[1]! + box[3]!) / 2;
    const x = m[o]! * cx + m[o + 2]! * cy + m[o + 4]!, y = m[o + 1]! * cx + m[o + 3]! * cy + m[o + 5]!;
    const radius = (Math.max(w, h) / 2) * matrixScale(m, o);
    const before = this.b.seatCount;
    this.add(d - 1, x, y, radius, identity, candidate, this.tok.tokenStart);
    if (!candidate && this.b.seatCount > before) this.keepOutline(before, radius, m, o);
    else if (candidate && this.b.seatCount > before && this.b.candidateOutline.size < MAX_CANDIDATE_OUTLINES) {
      const polygon = outlinePolygon(this.tok);
      if (polygon.length >= 6) this.b.candidateOutline.set(before, transformPoints(polygon, m, o));
    }
  }

  /** An elongated unmarked shape: not a seat, but perhaps a section of a map drawn as blocks (buildModel decides). */
  private keepLoose(d: number, box: Float64Array): void {
    const m = this.ctx.matrix, o = this.matrixOf(d);
    const polygon = transformPoints(outlinePolygon(this.tok), m, o);
    if (polygon.length < 6) return;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let k = 0; k < polygon.length; k += 2) {
      minX = Math.min(minX, polygon[k]!); maxX = Math.max(maxX, polygon[k]!);
      minY = Math.min(minY, polygon[k + 1]!); maxY = Math.max(maxY, polygon[k + 1]!);
    }
    if (!(maxX > minX && maxY > minY) || box[2]! <= box[0]!) return;
    const name = this.ctx.sectionName[d - 1];
    this.b.looseShapes.push({ minX, minY, maxX, maxY, polygon, inSection: name !== null && name !== undefined,
      offset: this.tok.tokenStart });
  }

  /**
   * Keeps the drawn outline of a marked seat shape that may be a section after all (buildModel decides, knowing the
   * whole map): the first shape of its section, or one over twice the smallest seat so far. At most
   * MAX_KEPT_OUTLINES, so a map of many odd sizes costs no more than that.
   */
  private keepOutline(seat: number, radius: number, m: Float64Array, o: number): void {
    const b = this.b;
    const section = b.seatSection[seat]!;
    const first = !this.sectionsWithShape.has(section);
    if (first) this.sectionsWithShape.add(section);
    const large = radius > this.smallestSeat * 2;
    if (radius < this.smallestSeat) this.smallestSeat = radius;
    if ((!first && !large) || b.seatOutline.size >= MAX_KEPT_OUTLINES) return;
    const polygon = outlinePolygon(this.tok);
    if (polygon.length >= 6) b.seatOutline.set(seat, transformPoints(polygon, m, o));
  }

  beginSeatGroup(d: number, identity: SeatIdentity): void {
    const g = this.group;
    g.section = identity.section; g.block = identity.block; g.row = identity.row; g.seat = identity.seat;
    g.flags = identity.flags; g.convention = identity.convention; g.line = this.line();
    g.offset = this.tok.tokenStart;
    this.groupMinX = this.groupMinY = Infinity;
    this.groupMaxX = this.groupMaxY = -Infinity;
    this.seatGroupDepth = d;
  }

  /** A shape inside a seat group or a definition: adds its box (local box, current element at depth d). */
  addToGroup(d: number, box: Float64Array, transformAttr: number): void {
    this.addMapped(this.ctx.matrix, transformAttr >= 0 ? this.matrixOf(d) : (d - 1) * 6, box);
  }

  /** Maps a local box's corners through m[o] and adds the result to the open definition or seat group. */
  private addMapped(m: Float64Array, o: number, box: Float64Array): void {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let k = 0; k < 4; k++) {
      const lx = box[k & 1 ? 2 : 0]!, ly = box[k & 2 ? 3 : 1]!;
      const x = m[o]! * lx + m[o + 2]! * ly + m[o + 4]!, y = m[o + 1]! * lx + m[o + 3]! * ly + m[o + 5]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    if (this.symbols.recording) return this.symbols.add(minX, minY, maxX, maxY);
    if (minX < this.groupMinX) this.groupMinX = minX;
    if (minY < this.groupMinY) this.groupMinY = minY;
    if (maxX > this.groupMaxX) this.groupMaxX = maxX;
    if (maxY > this.groupMaxY) this.groupMaxY = maxY;
  }

  /** A shape with an id directly inside <defs>: a template of its own. */
  defineShape(id: string, d: number, box: Float64Array): void {
    this.symbols.begin(id, d, null, false);
    this.addToGroup(d, box, this.tok.attr(A_TRANSFORM));
    this.symbols.end();
  }

  /** The element at depth d closed. */
  closed(d: number): void {
    if (d === this.symbols.depth) this.symbols.end();
    if (d !== this.seatGroupDepth) return;
    this.seatGroupDepth = -1;
    if (!(this.groupMinX <= this.groupMaxX)) {
      this.b.skipped.add('g', 'seat group without a shape', this.group.line);
      this.b.notAdded('seat group', 'marked as a seat but draws no shape', this.group.offset);
      return;
    }
    const w = this.groupMaxX - this.groupMinX, h = this.groupMaxY - this.groupMinY;
    this.add(d, (this.groupMinX + this.groupMaxX) / 2, (this.groupMinY + this.groupMaxY) / 2, Math.max(w, h) / 2,
      this.group, false, this.group.offset);
  }

  use(d: number, inDefinitions: boolean): void {
    const tok = this.tok;
    const hrefIndex = tok.attr(A_HREF) >= 0 ? tok.attr(A_HREF) : tok.attr(A_XLINK_HREF);
    const href = hrefIndex >= 0 ? tok.attrString(hrefIndex).trim() : '';
    if (!href.startsWith('#')) {
      this.b.skipped.add('use', href ? 'external reference: never fetched' : '<use> without href', this.line());
      return;
    }
    if (inDefinitions && !this.symbols.recording) return;
    const m = this.useMatrix;
    copyMatrix(this.ctx.matrix, this.matrixOf(d), m, 0);
    multiplyRight(m, 0, 1, 0, 0, 1, tok.attrNumber(tok.attr(A_X)) || 0, tok.attrNumber(tok.attr(A_Y)) || 0);
    const width = tok.attrNumber(tok.attr(A_WIDTH)), height = tok.attrNumber(tok.attr(A_HEIGHT));
    const target = this.symbols.get(href.slice(1));
    if (this.symbols.recording || this.inSeatGroup) {
      if (target) this.addTemplate(target, m, width, height);
      return;
    }
    const idIndex = tok.attr(A_ID);
    readSeatIdentity(tok, idIndex >= 0 ? tok.attrString(idIndex) : null, classOf(tok), this.ctx.rowLabel[d - 1]!,
      scratchIdentity);
    if (scratchIdentity.malformed) {
      this.b.skipped.add('use', scratchIdentity.malformed, this.line());
      this.b.notAdded('<use>', MALFORMED_SEAT_ID, tok.tokenStart);
      return;
    }
    const p = d - 1;
    const section = this.sectionFor(p, scratchIdentity.section, scratchIdentity.block);
    const candidate = !scratchIdentity.isSeat && this.ctx.rowLabel[p] === null;
    this.noteConvention(scratchIdentity.convention);
    this.b.conventions.add('use-symbols');
    const pending: PendingUse = {
      href, line: this.line(), offset: tok.tokenStart, matrix: Float64Array.from(m), width, height, section,
      row: this.rowFor(p, section, scratchIdentity.row),
      label: scratchIdentity.seat !== null ? this.b.intern(scratchIdentity.seat) : -1,
      segment: this.ctx.segment[p]!, flags: scratchIdentity.flags | (candidate ? SEAT_CANDIDATE : 0),
    };
    if (target) this.placeUse(pending, target);
    else this.pending.push(pending);
  }

  private addTemplate(t: SymbolTemplate, m: Float64Array, width: number, height: number): void {
    const placed = Float64Array.from(m);
    if (t.viewBox) viewBoxInto(placed, t, width, height);
    scratchBox[0] = t.minX; scratchBox[1] = t.minY; scratchBox[2] = t.maxX; scratchBox[3] = t.maxY;
    this.addMapped(placed, 0, scratchBox);
  }

  private placeUse(use: PendingUse, t: SymbolTemplate): void {
    const m = use.matrix;
    if (t.viewBox) viewBoxInto(m, t, use.width, use.height);
    const w = t.maxX - t.minX, h = t.maxY - t.minY;
    if ((use.flags & SEAT_CANDIDATE) && !(w > 0 && h > 0 && w <= 2 * h && h <= 2 * w)) {
      this.b.skipped.add('use', 'shape is neither a seat nor a section (decoration)', use.line);
      return;
    }
    const cx = (t.minX + t.maxX) / 2, cy = (t.minY + t.maxY) / 2;
    this.b.addSeat(m[0]! * cx + m[2]! * cy + m[4]!, m[1]! * cx + m[3]! * cy + m[5]!,
      (Math.max(w, h) / 2) * matrixScale(m, 0), use.section, use.row, use.label, use.segment, use.flags, use.offset);
  }

  /** Resolves <use>s of symbols defined after them. */
  finish(): void {
    for (const use of this.pending) {
      const target = this.symbols.get(use.href.slice(1));
      if (target) this.placeUse(use, target);
      else {
        this.b.skipped.add('use', `reference to ${use.href}, which the file does not define`, use.line);
        this.b.notAdded('<use>', 'refers to a symbol the file does not define', use.offset);
      }
    }
  }

  private line(): number {
    return this.tok.lineAt(this.tok.tokenStart);
  }
}

function viewBoxInto(m: Float64Array, t: SymbolTemplate, width: number, height: number): void {
  const vb = t.viewBox!;
  applyViewBox(m, 0, vb[0]!, vb[1]!, vb[2]!, vb[3]!, 0, 0, width > 0 ? width : vb[2]!, height > 0 ? height : vb[3]!,
    t.stretch);
}

/**
 * A canonical seat as readCanonicalSeat accepts it, the numbers' values aside (readPlainDecimal judges them): sticky,
 * so it matches at lastIndex or not at all. The label: 1–24 characters up to the next quote, no "&", the first and
 * the last not a space or a control character (`[!#-%'-\uffff]`: above U+0020, neither " nor &).
 */
const CANONICAL_SEAT = /<circle class="seat" data-seat="[!#-%'-\uffff](?:[^"&]{0,22}[!#-%'-\uffff])?"(?: data-accessible="[^"]*")? cx="[^"]*" cy="[^"]*" r="[^"]*"\/>/y;
/** The lengths readCanonicalSeat steps over: up to the label, the accessible attribute's name, each number's name. */
const CANONICAL_LABEL = '<circle class="seat" data-seat="'.length;
const CANONICAL_ACCESSIBLE = ' data-accessible="'.length;
const CANONICAL_NUMBER_NAME = [' cx="'.length, '" cy="'.length, '" r="'.length];
/** Slots of canonicalSeats' label cache (a power of two). */
const LABEL_CACHE = 4096;
/**
 * Labels of up to this many characters are told apart by their characters packed in one number, 16 bits each: 48
 * bits, exact in a double, so two labels of the same length have the same key only if they are the same.
 */
const SHORT_LABEL = 3;
/** readCanonicalSeat's answer: label start, end and hash, seat flags; cx, cy, r, the label's key (labelId). */
const canonicalFields = new Int32Array(4);
const canonicalNumbers = new Float64Array(4);

/**
 * The canonical seat element starting at `start`, if it is written exactly so: `<circle class="seat"
 * data-seat="L"`, optionally ` data-accessible="V"`, then ` cx="X" cy="Y" r="R"/>`, one space apart, double quotes;
 * L 1–24 characters without "&" and not starting or ending with a space; X, Y, R plain decimals (readPlainDecimal)
 * and R > 0: the seats canonicalSeat places, with every attribute it reads. Returns the offset just past "/>", with
 * the label's start, end and hash and the seat's flags in `fields` and cx, cy, r and the label's key (labelId) in
 * `numbers`, or -1 (anything else, for the tokenizer).
 * Written for V8's optimising compiler as much as for speed: this runs for every seat, so it is compiled early in
 * every parse, on the core the page needs. The element's form is one regular expression (its own compiled matcher,
 * called) rather than startsWith and charCodeAt tests, which Turbofan expands in place, each into a loop over the
 * string's layouts: with them this function's compile cost three times as much (docs/venue-map-journal.md, "The
 * worker's tier-up at 20k").
 */
function readCanonicalSeat(src: string, start: number, fields: Int32Array, numbers: Float64Array): number {
  CANONICAL_SEAT.lastIndex = start;
  if (!CANONICAL_SEAT.test(src)) return -1;
  const end = CANONICAL_SEAT.lastIndex;
  const labelStart = start + CANONICAL_LABEL;
  let q = labelStart;
  let hash = 0, key = 0;
  for (let c = src.charCodeAt(q); c !== 34; c = src.charCodeAt(++q)) {
    hash = (Math.imul(hash, 31) + c) | 0;
    if (q - labelStart < SHORT_LABEL) key = key * 65536 + c;
  }
  numbers[3] = key;
  fields[0] = labelStart;
  fields[1] = q;
  fields[2] = hash;
  q++;
  let flags = 0;
  if (src.charCodeAt(q + 1) === 100) {
    const valueEnd = src.indexOf('"', q + CANONICAL_ACCESSIBLE);
    const value = src.slice(q + CANONICAL_ACCESSIBLE, valueEnd);
    flags = value === 'false' || value === '0' ? 0 : SEAT_FLAG_ACCESSIBLE;
    q = valueEnd + 1;
  }
  fields[3] = flags;
  // cx, cy and r, each a plain decimal after its name (one loop: one copy of the number reader to compile).
  for (let k = 0; k < 3; k++) {
    const valueStart = q + CANONICAL_NUMBER_NAME[k]!;
    q = src.indexOf('"', valueStart);
    const value = readPlainDecimal(src, valueStart, q);
    // NaN (not a plain decimal) fails both tests.
    if (k < 2 ? value !== value : !(value > 0)) return -1;
    numbers[k] = value;
  }
  return end;
}

const scratchBox = new Float64Array(4);
const seatScale = new Float64Array(1);
const scratchIdentity: SeatIdentity = newSeatIdentity();
