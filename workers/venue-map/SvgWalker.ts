import {
  AREA_DISABLED, AREA_OUTLINE, AREA_SECTION, BAND_ID, DECORATION_ID, newGroupRole, readAreaRole,
  readGroupRole, ROLE_DISABLED, ROLE_PLAIN, ROLE_PLAYING_AREA, ROLE_LEVEL, ROLE_ROW, ROLE_SEAT, ROLE_SECTION,
  sectionNameOfId,
} from './groupRoles';
import { classOf, COUNT_NAME, decodeIllustratorId, newSeatIdentity, readSeatIdentity, type SeatIdentity } from './seatIdentity';
import { outlinePolygon, transformPoints } from './sectionOutline';
import { SeatPlacer } from './SeatPlacer';
import { SectionAreas } from './SectionAreas';
import { shapeBounds } from './seatShapes';
import { applyTransform, applyViewBox, setIdentity } from './svgTransform';
import { elementHidden, type HiddenRules } from './svgStyles';
import {
  A_DATA_NAME, A_HEIGHT, A_ID, A_PRESERVE_ASPECT_RATIO, A_TRANSFORM, A_VIEWBOX, A_WIDTH, A_X, A_Y, ATTR_NAMES,
  NOT_GEOMETRY, T_A, T_CIRCLE, T_DEFS, T_DESC, T_ELLIPSE, T_G, T_LINE, T_METADATA, T_PATH, T_POLYGON, T_POLYLINE,
  T_RECT, T_STYLE, T_SVG, T_SWITCH, T_SYMBOL, T_TEXT, T_TITLE, T_USE, TAG_NAMES,
} from './svgVocabulary';
import type { VenueBuilder } from './VenueBuilder';
import { SECTION_EXPLICIT, SECTION_FALLBACK, WalkContext } from './WalkContext';
import { TAG_FOREIGN, TOKEN_CLOSE, TOKEN_END, TOKEN_OPEN, TOKEN_TEXT, XmlTokenizer } from './XmlTokenizer';
import { VenueSvgError } from './VenueSvgError';
import type { VenueBounds } from './venueModel';

/** How often (in tokens) the walk reports how far it has read. */
const PROGRESS_TOKENS = 2048;

/**
 * One pass over the tokens: keeps what each open element says (WalkContext), decides for every element whether it
 * is a seat, a section area, a definition for <use>, a label, or something to skip (and says why), and feeds the
 * VenueBuilder. Seat placement (sections, rows, <use> resolution) lives in SeatPlacer.
 */
export class SvgWalker {
  readonly tok: XmlTokenizer;
  readonly ctx = new WalkContext();
  readonly place: SeatPlacer;
  readonly areas: SectionAreas;
  name = '';
  viewBox: VenueBounds | null = null;

  private readonly identity: SeatIdentity = newSeatIdentity();
  private readonly role = newGroupRole();
  private readonly box = new Float64Array(4);
  private readonly area = { value: '', convention: '' };
  private skipDepth = -1;
  private defsDepth = -1;
  private textDepth = -1;
  private titleDepth = -1;
  private text = '';
  private textOffset = 0;
  private textX = 0;
  private textY = 0;
  private segmentSerial = 0;
  private rootSeen = false;
  /** Open plain groups that may be zones (one shape and its lettering), innermost last. */
  private readonly zones: { depth: number; shapes: number; groups: number; seatsBefore: number; textsBefore: number;
    polygon: number[] | null; id: string | null; offset: number }[] = [];
  /** Open groups that declare a seat or row count: index into b.countClaims, by depth. */
  private readonly claims: { depth: number; index: number }[] = [];

  constructor(src: string, private readonly b: VenueBuilder, private readonly hidden: HiddenRules,
    maxElements: number) {
    this.tok = new XmlTokenizer(src, TAG_NAMES, ATTR_NAMES, maxElements);
    this.place = new SeatPlacer(this.tok, b, this.ctx);
    this.areas = new SectionAreas(this.tok, b, this.ctx, this.place);
    this.place.seatClassHidden = hidden.classes.has('seat');
  }

  /**
   * Reads the whole file. `onProgress` (optional) hears the share of the text read so far (0..1) every
   * PROGRESS_TOKENS tokens: a counter per token, nothing more, so the walk costs the same without it.
   */
  walk(onProgress?: (read: number) => void): void {
    const tok = this.tok;
    const length = Math.max(1, tok.src.length);
    let countdown = PROGRESS_TOKENS;
    const place = this.place;
    for (;;) {
      const token = tok.next();
      if (onProgress !== undefined && --countdown <= 0) {
        countdown = PROGRESS_TOKENS;
        onProgress(tok.tokenStart / length);
      }
      if (token === TOKEN_OPEN) this.open();
      else if (token === TOKEN_CLOSE) this.close(tok.depth + 1);
      else if (token === TOKEN_TEXT) this.text += tok.text();
      else if (token === TOKEN_END) break;
      // Canonical seats next, where the next element may be one: read as a run, each counted as a token.
      if (this.skipDepth < 0 && this.defsDepth < 0 && this.textDepth < 0 && !tok.wantText && !place.inSeatGroup
        && !place.symbols.recording) {
        countdown -= place.canonicalSeats();
      }
    }
    if (!this.rootSeen) throw new VenueSvgError('The file is empty or has no <svg> element');
    this.place.finish();
    this.areas.finish();
  }

  private open(): void {
    const tok = this.tok;
    const d = tok.depth;
    if (this.skipDepth >= 0) return;
    const tag = tok.tagCode;
    if (tok.eventAttribute) this.b.skipped.add(this.tagName(), 'event attribute (on...): never run',
      tok.lineAt(tok.tokenStart));
    if (d === 1) return this.openRoot();
    if (tag === TAG_FOREIGN || tag === T_METADATA || tag === T_DESC || tag === T_STYLE) return this.skip(d);
    const notGeometry = tag >= 0 ? NOT_GEOMETRY[tag] : undefined;
    if (notGeometry !== undefined) {
      this.b.skipped.add(this.tagName(), notGeometry, tok.lineAt(tok.tokenStart));
      return this.skip(d);
    }
    if (elementHidden(this.tok, this.hidden)) {
      this.b.skipped.add(this.tagName(), 'hidden (display:none or visibility:hidden): not part of the map',
        tok.lineAt(tok.tokenStart));
      return this.skip(d);
    }
    if (this.textDepth >= 0) return;
    switch (tag) {
      case T_TITLE:
        if (d === 2 && !this.name) this.captureText(d, true);
        else this.skip(d);
        return;
      case T_TEXT:
        return this.openText(d);
      case T_USE:
        return this.place.use(d, this.inDefinitions());
      case T_CIRCLE: case T_ELLIPSE: case T_RECT: case T_PATH: case T_POLYGON: case T_POLYLINE: case T_LINE:
        return this.shape(d, tag);
      default:
        return this.openGroup(d, tag);
    }
  }

  private close(d: number): void {
    if (this.skipDepth >= 0) {
      if (d === this.skipDepth) this.skipDepth = -1;
      return;
    }
    if (d === this.titleDepth) {
      this.name = this.text.trim();
      this.titleDepth = -1;
      this.tok.wantText = false;
    } else if (d === this.textDepth) {
      const text = this.text.trim();
      if (text && this.b.texts.length < 20000) this.b.texts.push({ x: this.textX, y: this.textY, text });
      if (text.length <= 5 && /^\d{1,4}[a-z]?$/i.test(text)) this.b.numberLabels.push(this.textX, this.textY, this.textOffset);
      this.textDepth = -1;
      this.tok.wantText = false;
    }
    this.place.closed(d);
    if (d === this.defsDepth) this.defsDepth = -1;
    const zone = this.zones.length ? this.zones[this.zones.length - 1]! : null;
    if (zone && zone.depth === d) this.closeZone(this.zones.pop()!);
    const claim = this.claims.length ? this.claims[this.claims.length - 1]! : null;
    if (claim && claim.depth === d) this.b.countClaims[this.claims.pop()!.index]!.endSeat = this.b.seatCount;
  }

  private tagName(): string {
    return this.tok.tagName();
  }

  private skip(d: number): void {
    if (!this.tok.selfClosing) this.skipDepth = d;
  }

  private inDefinitions(): boolean {
    return this.defsDepth >= 0 || this.place.symbols.recording;
  }

  private openRoot(): void {
    const tok = this.tok;
    this.rootSeen = true;
    if (tok.tagCode !== T_SVG) {
      throw new VenueSvgError(`The file is not an SVG: its root element is <${tok.tagName()}>`,
        tok.lineAt(tok.tokenStart));
    }
    const vb = this.numbers(tok.attr(A_VIEWBOX));
    if (vb.length === 4 && vb[2]! > 0 && vb[3]! > 0) {
      this.viewBox = { minX: vb[0]!, minY: vb[1]!, maxX: vb[0]! + vb[2]!, maxY: vb[1]! + vb[3]! };
    } else {
      // DOM captures of ticket widgets carry width="100%" and a pan-zoom matrix on the root group instead of a
      // viewBox: a percentage is no size, so the map's extent then comes from what it draws.
      const wi = tok.attr(A_WIDTH), hi = tok.attr(A_HEIGHT);
      const relative = (i: number) => i >= 0 && tok.attrString(i).indexOf('%') >= 0;
      const w = tok.attrNumber(wi), h = tok.attrNumber(hi);
      if (w > 0 && h > 0 && !relative(wi) && !relative(hi)) this.viewBox = { minX: 0, minY: 0, maxX: w, maxY: h };
      else this.b.conventions.add('no-viewbox');
    }
    const name = tok.attr(A_DATA_NAME);
    if (name >= 0) this.name = tok.attrString(name).trim();
    this.ctx.inherit(1);
    this.applyOwnTransform(1);
  }

  private numbers(i: number): number[] {
    if (i < 0) return [];
    return this.tok.attrString(i).split(/[\s,]+/).filter(Boolean).map(Number).filter((v) => Number.isFinite(v));
  }

  private applyOwnTransform(d: number): void {
    const tok = this.tok;
    const t = tok.attr(A_TRANSFORM);
    if (t >= 0 && !applyTransform(tok.src, tok.valueStart(t), tok.valueEnd(t), this.ctx.matrix, d * 6)) {
      this.b.skipped.add(tok.tagName(), 'malformed transform attribute ignored', tok.lineAt(tok.tokenStart));
    }
  }

  private captureText(d: number, title: boolean): void {
    if (this.tok.selfClosing) return;
    this.text = '';
    this.tok.wantText = true;
    if (title) this.titleDepth = d;
    else this.textDepth = d;
  }

  private openText(d: number): void {
    if (this.inDefinitions() || this.place.inSeatGroup) return this.skip(d);
    const tok = this.tok;
    this.ctx.inherit(d);
    this.applyOwnTransform(d);
    const m = this.ctx.matrix, o = d * 6;
    const x = tok.attrNumber(tok.attr(A_X)) || 0, y = tok.attrNumber(tok.attr(A_Y)) || 0;
    this.textX = m[o]! * x + m[o + 2]! * y + m[o + 4]!;
    this.textY = m[o + 1]! * x + m[o + 3]! * y + m[o + 5]!;
    this.textOffset = tok.tokenStart;
    this.captureText(d, false);
  }

  private openGroup(d: number, tag: number): void {
    const tok = this.tok;
    const ctx = this.ctx;
    ctx.inherit(d);
    this.applyOwnTransform(d);
    if (tok.selfClosing) return;
    if (tag === T_SVG) {
      const vb = this.numbers(tok.attr(A_VIEWBOX));
      const aspect = tok.attr(A_PRESERVE_ASPECT_RATIO);
      applyViewBox(ctx.matrix, d * 6, vb[0] ?? 0, vb[1] ?? 0, vb[2] ?? 0, vb[3] ?? 0,
        tok.attrNumber(tok.attr(A_X)) || 0, tok.attrNumber(tok.attr(A_Y)) || 0,
        tok.attrNumber(tok.attr(A_WIDTH)), tok.attrNumber(tok.attr(A_HEIGHT)),
        aspect >= 0 && tok.attrEquals(aspect, 'none'));
    }
    if (tag === T_DEFS) {
      if (this.defsDepth < 0) this.defsDepth = d;
      return;
    }
    const idIndex = tok.attr(A_ID);
    const id = idIndex >= 0 ? tok.attrString(idIndex) : null;
    if (tag === T_SYMBOL || (this.defsDepth >= 0 && !this.place.symbols.recording)) {
      if (id !== null && !this.place.symbols.recording) {
        // Definitions are measured in their own coordinates: the <use> supplies the placement.
        setIdentity(ctx.matrix, d * 6);
        if (tag !== T_SYMBOL) this.applyOwnTransform(d);
        const vb = tag === T_SYMBOL ? this.numbers(tok.attr(A_VIEWBOX)) : [];
        const aspect = tok.attr(A_PRESERVE_ASPECT_RATIO);
        this.place.symbols.begin(id, d, vb.length === 4 ? vb : null, aspect >= 0 && tok.attrEquals(aspect, 'none'));
      } else if (tag === T_SYMBOL) {
        this.skip(d);
      }
      return;
    }
    if (this.inDefinitions() || this.place.inSeatGroup) return;
    if (tag !== T_G && tag !== T_A && tag !== T_SWITCH && tag !== T_SVG && tag >= 0) return;
    this.classifyGroup(d, id);
  }

  private classifyGroup(d: number, id: string | null): void {
    const tok = this.tok;
    const ctx = this.ctx;
    const cls = classOf(tok);
    readSeatIdentity(tok, id, cls, ctx.rowLabel[d - 1]!, this.identity);
    const parent = this.zones.length ? this.zones[this.zones.length - 1]! : null;
    if (parent && parent.depth === d - 1) parent.groups++;
    this.readCountClaim(d, id);
    const role = this.role;
    readGroupRole(tok, id, cls, this.identity, role);
    switch (role.role) {
      case ROLE_DISABLED:
        this.b.skipped.add('g', 'non-sellable area (class disabled-section)', tok.lineAt(tok.tokenStart));
        return this.skip(d);
      case ROLE_SEAT:
        if (this.identity.malformed) {
          this.b.skipped.add('g', this.identity.malformed, tok.lineAt(tok.tokenStart));
          this.b.notAdded('seat group', 'malformed seat id', tok.tokenStart);
          return this.skip(d);
        }
        return this.place.beginSeatGroup(d, this.identity);
      case ROLE_SECTION: {
        let index = -1;
        if (role.declared) {
          index = this.b.section(role.name!);
          this.b.sectionDeclared[index] = true;
          if (role.generalAdmission) this.b.sectionGeneralAdmission[index] = true;
          if (role.capacity > 0) this.b.sectionCapacity[index] = role.capacity;
        }
        ctx.setSection(d, role.name!, SECTION_EXPLICIT, index);
        if (role.convention) this.b.conventions.add(role.convention);
        ctx.segment[d] = -1;
        return;
      }
      case ROLE_PLAYING_AREA:
        this.b.skipped.add('g', 'the pitch, court or stage: drawn for orientation, not a section',
          tok.lineAt(tok.tokenStart));
        this.b.sectionsUnread.add('playing area', 'the pitch, court or stage named as a section: drawn for orientation',
          tok.tokenStart);
        return this.skip(d);
      case ROLE_LEVEL:
        ctx.level[d] = 1;
        if (role.convention) this.b.conventions.add(role.convention);
        ctx.segment[d] = -1;
        return;
      case ROLE_ROW:
        ctx.setRow(d, role.name);
        ctx.segment[d] = ++this.segmentSerial;
        if (role.convention) this.b.conventions.add(role.convention);
        return;
      case ROLE_PLAIN:
        if (role.name !== null && DECORATION_ID.test(role.name)) {
          this.b.skipped.add('g', 'walls, railings or stairs: drawn for orientation, not seats or sections',
            tok.lineAt(tok.tokenStart));
          this.b.sectionsUnread.add('decoration group', 'walls, railings or stairs: drawn for orientation',
            tok.tokenStart);
          return this.skip(d);
        }
        this.zones.push({ depth: d, shapes: 0, groups: 0, seatsBefore: this.b.seatCount,
          textsBefore: this.b.texts.length, polygon: null, id: role.name, offset: tok.tokenStart });
        if (role.name !== null && ctx.sectionStrength[d]! < SECTION_EXPLICIT && ctx.rowLabel[d] === null) {
          ctx.setSection(d, role.name, SECTION_FALLBACK, -1);
          ctx.segment[d] = -1;
        } else {
          ctx.segment[d] = ++this.segmentSerial;
        }
    }
  }

  private shape(d: number, tag: number): void {
    const tok = this.tok;
    const place = this.place;
    if (place.symbols.recording || place.inSeatGroup) {
      if (shapeBounds(tok, this.box)) place.addToGroup(d, this.box, tok.attr(A_TRANSFORM));
      return;
    }
    const idIndex = tok.attr(A_ID);
    if (idIndex < 0 && tag === T_CIRCLE && this.defsDepth < 0 && place.canonicalSeat(d)) return;
    const id = idIndex >= 0 ? tok.attrString(idIndex) : null;
    if (this.defsDepth >= 0) {
      if (id !== null && shapeBounds(tok, this.box)) place.defineShape(id, d, this.box);
      return;
    }
    const cls = classOf(tok);
    const identity = this.identity;
    readSeatIdentity(tok, id, cls, this.ctx.rowLabel[d - 1]!, identity);
    if (identity.malformed) {
      this.b.skipped.add(this.tagName(), identity.malformed, tok.lineAt(tok.tokenStart));
      this.b.notAdded('seat-like shape', 'malformed seat id', tok.tokenStart);
      return;
    }
    const zone = this.zones.length ? this.zones[this.zones.length - 1]! : null;
    if (zone && zone.depth === d - 1 && ++zone.shapes === 1 && !identity.isSeat && tag !== T_LINE) {
      zone.polygon = this.polygon(d);
    }
    if (identity.isSeat) {
      const before = this.b.seatCount;
      place.shapeSeat(d, identity, false);
      if (this.b.seatCount > before && (identity.unused.length || identity.unread.length)) {
        this.b.noteUnread(identity.unused, identity.unread);
      }
      return;
    }
    const area = readAreaRole(tok, id, cls, this.area);
    if (area === AREA_DISABLED) {
      this.b.skipped.add(this.tagName(), 'non-sellable area (class disabled-section)', tok.lineAt(tok.tokenStart));
    } else if (area === AREA_OUTLINE) {
      this.areas.outline(d, this.polygon(d), null, '');
    } else if (area === AREA_SECTION) {
      this.areas.outline(d, this.polygon(d), this.area.value, this.area.convention);
    } else if (tag !== T_CIRCLE && tag !== T_ELLIPSE && this.areas.wantsOutline(d)) {
      this.areas.outline(d, this.polygon(d), null, '');
    } else if (id !== null && tag !== T_CIRCLE && tag !== T_ELLIPSE && tag !== T_LINE && this.ctx.level[d - 1] === 1
      && this.ctx.sectionStrength[d - 1]! < SECTION_EXPLICIT) {
      // Section-only maps: a shape with a bare id (path#2FBX4) in a level group is a section; a band or tray drawn
      // round the level's sections (LEVEL_2_TRAY) is not.
      const name = decodeIllustratorId(id).replace(/_/g, ' ').trim();
      if (BAND_ID.test(name)) {
        this.b.skipped.add(this.tagName(), 'a band or tray round a level\'s sections, not a section', tok.lineAt(tok.tokenStart));
        this.b.sectionsUnread.add('section shape', 'a band or tray round a level\'s sections (decoration)', tok.tokenStart);
        return;
      }
      const s = this.areas.outline(d, this.polygon(d), decodeIllustratorId(id).replace(/_/g, ' ').trim(),
        'level-section-shapes');
      if (s >= 0) this.b.sectionInferred.add(s);
    } else if (tag !== T_LINE && (tag !== T_POLYLINE || this.closedPolyline())) {
      // Unmarked shapes are candidates even inside row groups: plaques and aisle markers sit there too.
      const before = this.b.seatCount;
      const named = sectionNameOfId(id);
      if (named !== null && this.b.namedShapes.length < 4096) {
        // A shape whose id reads as a section's name (path#"Prime A East 2"): a section if the map marks no seats.
        this.b.namedShapes.push({ name: named, polygon: this.polygon(d), seat: before, offset: tok.tokenStart });
      }
      place.shapeSeat(d, identity, true);
      if (this.b.seatCount > before && (identity.unused.length || identity.unread.length)) {
        this.b.noteUnread(identity.unused, identity.unread);
      }
    } else {
      this.b.skipped.add(this.tagName(), 'line: decoration, not a seat or section', tok.lineAt(tok.tokenStart));
    }
  }

  /**
   * A polyline whose last point comes back to its first is a shape drawn without the polygon element (blocks of
   * some stadium maps); any other polyline is a line (decoration).
   */
  private closedPolyline(): boolean {
    const points = outlinePolygon(this.tok);
    const n = points.length;
    if (n < 8) return false;
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (let k = 0; k < n; k += 2) {
      minX = Math.min(minX, points[k]!); maxX = Math.max(maxX, points[k]!);
      minY = Math.min(minY, points[k + 1]!); maxY = Math.max(maxY, points[k + 1]!);
    }
    const tolerance = Math.max(maxX - minX, maxY - minY) * 0.01;
    return Math.abs(points[0]! - points[n - 2]!) <= tolerance && Math.abs(points[1]! - points[n - 1]!) <= tolerance;
  }

  /** A group says how many seats or rows it holds (data-seat-count="772"): a claim checked once the map is read. */
  private readCountClaim(d: number, id: string | null): void {
    const tok = this.tok;
    let seats = -1, rows = -1;
    for (let i = 0; i < tok.attrCount; i++) {
      if (tok.attrCode(i) !== -1) continue;
      const name = tok.attrName(i).toLowerCase();
      if (!COUNT_NAME.test(name)) continue;
      const value = Number(tok.attrString(i).trim());
      if (!Number.isInteger(value) || value < 0) continue;
      if (name.indexOf('seat') >= 0 || name.indexOf('place') >= 0) seats = value;
      else if (name.indexOf('row') >= 0) rows = value;
    }
    if (seats < 0 && rows < 0) return;
    const label = tok.attr(A_DATA_NAME);
    const name = id ?? (label >= 0 ? tok.attrString(label) : `line ${tok.lineAt(tok.tokenStart)}`);
    this.claims.push({ depth: d, index: this.b.countClaims.length });
    this.b.countClaims.push({ name, seats, rows, firstSeat: this.b.seatCount, endSeat: this.b.seatCount,
      offset: tok.tokenStart });
  }

  /** A plain group closed: one unmarked shape (and its lettering) in it makes it a possible zone. */
  private closeZone(zone: { shapes: number; groups: number; seatsBefore: number; textsBefore: number;
    polygon: number[] | null; id: string | null; offset: number }): void {
    const b = this.b;
    const added = b.seatCount - zone.seatsBefore;
    if (zone.shapes !== 1 || zone.groups !== 0 || added > 1 || zone.polygon === null || zone.polygon.length < 6) return;
    const lettering = b.texts.slice(zone.textsBefore).map((t) => t.text).join(' ').replace(/\s+/g, ' ').trim();
    const name = lettering || (zone.id ? zone.id.replace(/_/g, ' ').trim() : '');
    if (!name || b.zoneGroups.length >= 4096) return;
    b.zoneGroups.push({ name, polygon: zone.polygon, seat: added === 1 ? zone.seatsBefore : -1, offset: zone.offset });
  }

  private polygon(d: number): number[] {
    const ctx = this.ctx;
    ctx.inherit(d);
    this.applyOwnTransform(d);
    return transformPoints(outlinePolygon(this.tok), ctx.matrix, d * 6);
  }
}
