import { FACILITY_ID, PLAYING_AREA_ID } from './groupRoles';
import { blocksNotSeats, readBlocks } from './sectionBlocks';
import { boxPolygon, medianOf, polygonBounds } from './shapeMath';
import { KIND_MARKER, KIND_SHAPE, lineOf } from './UnreadLog';
import { DEFAULT_SECTION, SEAT_CANDIDATE, SEAT_GUESSED, type VenueBuilder } from './VenueBuilder';
import type { ImportWarning, VenueBounds } from './venueModel';

/**
 * Which shapes are seats, decided once the whole map is known: unmarked shapes (candidates) are vetted against the
 * marked seats or the map's common seat size, digit glyphs drawn on chairs are told from the chairs, and shapes
 * marked like seats that are really sections are turned into sections. Each choice is counted in the report
 * (skipped with its reason) or warned about. Maps drawn as blocks (no seats at all) are read in sectionBlocks.ts.
 */
/** The tally's kinds and the median, for the modules and tests that import them from here. */
export { KIND_MARKER, KIND_SHAPE, medianOf };

/**
 * Unmarked shapes (candidates) become seats only after vetting:
 * - in a map whose seats are marked, only those of the marked seats' size that also stand at the marked seats'
 *   spacing (in their rows): a plaque, an aisle marker or an outlined row letter is not a seat; kept ones are
 *   guessed seats and the report warns;
 * - in a map without any marked seat (bare geometry), those of the common seat size; when smaller shapes sit on
 *   larger ones of one size (digit glyphs drawn on chairs in CAD exports) the enclosing shape is the seat and the
 *   glyph its label. Bare-geometry seats in a map whose sections are drawn as shapes are warned about.
 */
export function resolveCandidates(b: VenueBuilder, src = ''): void {
  // Only the seats added as candidates can be candidates (the flag is only ever cleared): no pass over every seat.
  const candidates = b.candidateSeats.filter((i) => b.seatSection[i]! >= 0 && (b.seatFlags[i]! & SEAT_CANDIDATE) !== 0);
  if (candidates.length === 0) return;
  const markedMedian = markedRadiusMedian(b);
  if (markedMedian === markedMedian) return vetAgainstMarked(b, candidates, markedMedian);

  const radii = candidates.map((i) => b.seatRadius[i]!);
  let median = medianOf(radii);
  const glyphs = glyphsOnChairs(b, candidates, median);
  if (glyphs !== null) {
    for (const i of glyphs.labels) b.drop(i, KIND_SHAPE, 'glyph drawn on a chair (its label): the enclosing shape is the seat');
    for (const i of glyphs.strayGlyphs) {
      b.drop(i, KIND_SHAPE, 'glyph inside a larger shape that is not chair-sized (lettering on a zone, wall or sign)');
    }
    for (const i of glyphs.notChairs) {
      b.drop(i, KIND_SHAPE, 'larger shape around glyphs but not of the chairs\' size (a zone, a sign or a table)');
    }
    median = medianOf(glyphs.chairs.map((i) => b.seatRadius[i]!));
    const bare = bareShapesUnlikeChairs(b, candidates, glyphs, median, src);
    b.warnings.push({ message: `Two candidate seat shapes: ${glyphs.labels.length} small shapes (digit glyphs) sit on ` +
      `${glyphs.chairs.length} larger ones of one size; the enclosing shapes were taken as seats and the glyphs as ` +
      `their labels${bare.notTaken}`, at: boxAround(b, glyphs.chairs[0] ?? -1) });
    if (bare.cannotTell) b.warnings.push(bare.cannotTell);
    b.conventions.add('glyphs-on-chairs');
  }
  tableTops(b, candidates, median);
  // Where the chairs carry their numbers as glyphs, a seat is of the chairs' size (as the chairs were told from other
  // hosts): a row number or a sign drawn as an outline beside them is not, even when it is near their size.
  const seatSized = glyphs ? (r: number): boolean => r >= median * 0.75 && r <= median * 1.33
    : (r: number): boolean => r >= median / 2 && r <= median * 2;
  let kept = 0, inRows = true;
  for (const i of candidates) {
    if (b.seatSection[i]! < 0) continue;
    if (seatSized(b.seatRadius[i]!)) kept++;
    if (b.seatRow[i]! < 0) inRows = false;
  }
  const unnamed = (s: number): boolean => !b.sectionDeclared[s] && b.strings[b.sectionName[s]!] === DEFAULT_SECTION;
  if (!glyphs && !inRows && b.namedShapes.length === 0
    && candidates.every((i) => b.seatSection[i]! < 0 || unnamed(b.seatSection[i]!))) {
    // Nothing marks a seat, names a section or groups rows: shapes too large, too varied or drawn twice are the
    // sections of a map drawn as blocks, not seats.
    const why = blocksNotSeats(b, candidates, median, src);
    if (why !== null) return readBlocks(b, candidates, median, why, src);
  }
  // Shapes in the file's own row groups need no crowd to be seats; loose ones need a few of one size.
  // A map whose sections are named shapes needs more than a few icons of one size (an accessible sign drawn as two
  // circles) before bare shapes are its seats.
  const crowd = b.conventions.has('named-section-shapes') ? 10 : 4;
  const useThem = kept >= crowd || (kept > 0 && inRows);
  let taken = 0, first = -1;
  for (const i of candidates) {
    if (b.seatSection[i]! < 0) continue;
    if (useThem && seatSized(b.seatRadius[i]!)) {
      b.seatFlags[i] = b.seatFlags[i]! & ~SEAT_CANDIDATE;
      if (!b.sectionSeatsFrom.has(b.seatSection[i]!)) b.sectionSeatsFrom.set(b.seatSection[i]!, glyphs ? 'guessed' : 'inferred');
      taken++;
      if (first < 0) first = i;
    } else if (useThem) {
      b.drop(i, KIND_SHAPE, 'shape not of the common seat size (a table top, plaque or decoration)');
      b.skipped.add('shape', 'shape not of seat size (decoration)');
    } else {
      b.drop(i, KIND_SHAPE, 'too few shapes of one size to be seats (decoration)');
      b.skipped.add('shape', 'too few seat-like shapes to be seats (decoration)');
    }
  }
  if (!useThem) return;
  b.conventions.add('bare-geometry');
  // A map whose sections are drawn as shapes (section-only) with a few leftover unmarked shapes: say so.
  let drawnSections = 0;
  for (let s = 0; s < b.sectionName.length; s++) if (b.sectionDeclared[s] && b.sectionOutline[s] !== null) drawnSections++;
  if (drawnSections > 0 && taken > 0) {
    b.warnings.push({ message: `${taken} unmarked ${taken === 1 ? 'shape' : 'shapes'} taken as seats from geometry ` +
      `alone in a map whose ${drawnSections} sections are drawn as shapes: check they are seats`, at: boxAround(b, first) });
    for (const i of candidates) if (b.seatSection[i]! >= 0) b.sectionSeatsFrom.set(b.seatSection[i]!, 'guessed');
    return;
  }
  // Nothing in the file marks a seat, names a section or groups rows: the shapes of the common size may as well be
  // the sections of a stadium drawn as blocks, or lettering (real maps read this way had 0 seats and 16 to 193
  // sections). Geometry alone is not enough to say "seats" without asking.
  const undeclared = taken > 0 && candidates.every((i) => b.seatSection[i]! < 0 || unnamed(b.seatSection[i]!));
  if (undeclared && !glyphs && !inRows) {
    const notTaken = candidates.length - taken;
    b.warnings.push({ message: `${taken} unmarked ${taken === 1 ? 'shape' : 'shapes'} of one size taken as seats from `
      + `geometry alone (${notTaken} other ${notTaken === 1 ? 'shape' : 'shapes'} not): nothing in the file marks a seat `
      + 'or names a section. Check they are seats, not sections drawn as blocks or lettering', at: boxAround(b, first) });
    for (const i of candidates) if (b.seatSection[i]! >= 0) b.sectionSeatsFrom.set(b.seatSection[i]!, 'guessed');
  }
}

/**
 * A table drawn with its chairs (g#mesa-1: four chairs round a table top of nearly their size): in a group of four
 * to 24 unmarked shapes of a row, the one standing at the middle of the others with the others all round it (no gap
 * between their directions of 0.9 of a half turn or more, as a straight or gently curved row has) is the table top.
 */
function tableTops(b: VenueBuilder, candidates: number[], median: number): void {
  const byRow = new Map<number, number[]>();
  for (const i of candidates) {
    const row = b.seatRow[i]!;
    if (row < 0 || b.seatSection[i]! < 0) continue;
    const list = byRow.get(row);
    if (list) list.push(i);
    else byRow.set(row, [i]);
  }
  for (const members of byRow.values()) {
    if (members.length < 4 || members.length > 24) continue;
    for (const t of members) {
      let mx = 0, my = 0;
      for (const j of members) if (j !== t) { mx += b.seatX[j]!; my += b.seatY[j]!; }
      mx /= members.length - 1;
      my /= members.length - 1;
      if (Math.hypot(mx - b.seatX[t]!, my - b.seatY[t]!) > median / 2) continue;
      const angles = members.filter((j) => j !== t)
        .map((j) => Math.atan2(b.seatY[j]! - b.seatY[t]!, b.seatX[j]! - b.seatX[t]!)).sort((p, q) => p - q);
      let gap = angles[0]! + 2 * Math.PI - angles[angles.length - 1]!;
      for (let k = 1; k < angles.length; k++) gap = Math.max(gap, angles[k]! - angles[k - 1]!);
      if (gap >= Math.PI * 0.9) continue;
      b.drop(t, KIND_SHAPE, 'the table top of a table drawn with its chairs (the chairs stand all round it)');
      break;
    }
  }
}

/**
 * The median radius of the marked seats still in the map, or NaN when none is left. When every marked seat was
 * added with one radius (a canonical map with a few decoration shapes), that radius, as soon as one of them is found
 * still in the map; otherwise their radii in a typed array (no list of 200k seat numbers unless their spacing is
 * needed), and the median of those.
 */
function markedRadiusMedian(b: VenueBuilder): number {
  if (b.markedRadiusMin === b.markedRadiusMax) {
    for (let i = 0; i < b.seatCount; i++) {
      if (b.seatSection[i]! >= 0 && (b.seatFlags[i]! & SEAT_CANDIDATE) === 0) return b.markedRadiusMin;
    }
    return NaN;
  }
  const markedRadii = new Float64Array(b.seatCount);
  let markedCount = 0;
  for (let i = 0; i < b.seatCount; i++) {
    if (b.seatSection[i]! >= 0 && (b.seatFlags[i]! & SEAT_CANDIDATE) === 0) markedRadii[markedCount++] = b.seatRadius[i]!;
  }
  return markedCount > 0 ? medianInPlace(markedRadii.subarray(0, markedCount)) : NaN;
}

/**
 * Candidates in a map whose seats are marked: kept (as guessed seats) only when of the marked seats' size and at
 * their spacing, i.e. within about a seat pitch of a marked seat.
 */
function vetAgainstMarked(b: VenueBuilder, candidates: number[], median: number): void {
  const seatSized = candidates.some((i) => b.seatRadius[i]! >= median * 0.75 && b.seatRadius[i]! <= median * 1.33);
  // The spacing is only looked up when some candidate is of the seats' size (a canonical map's plaques are not).
  const marked: number[] = [];
  if (seatSized) {
    for (let i = 0; i < b.seatCount; i++) {
      if (b.seatSection[i]! >= 0 && (b.seatFlags[i]! & SEAT_CANDIDATE) === 0) marked.push(i);
    }
  }
  const pitch = seatSized ? seatPitch(b, marked, median) : 0;
  const near = pitch > 0 ? nearFinder(b, marked, Math.max(pitch * 1.6, median * 2)) : null;
  let kept = 0, first = -1;
  for (const i of candidates) {
    const r = b.seatRadius[i]!;
    if (!(r >= median * 0.75 && r <= median * 1.33)) {
      b.drop(i, KIND_SHAPE, 'shape without seat marking and not of the marked seats\' size (a plaque, label or decoration)');
      b.skipped.add('shape', 'shape without seat marking and not of the marked seats\' size (a plaque, label or decoration)');
    } else if (near !== null && !b.seatsWithWords.has(i) && !near(b.seatX[i]!, b.seatY[i]!)) {
      b.drop(i, KIND_SHAPE, 'shape of seat size away from the marked seats\' rows and spacing (an outlined label ' +
        'glyph or decoration)');
      b.skipped.add('shape', 'seat-sized shape away from the marked seats (an outlined label or decoration)');
    } else {
      b.seatFlags[i] = (b.seatFlags[i]! & ~SEAT_CANDIDATE) | SEAT_GUESSED;
      b.sectionSeatsFrom.set(b.seatSection[i]!, 'guessed');
      if (first < 0) first = i;
      kept++;
    }
  }
  if (kept > 0) {
    b.warnings.push({ message: `${kept} unmarked ${kept === 1 ? 'shape' : 'shapes'} of the marked seats' size and ` +
      'spacing taken as seats in a map whose other seats are marked: check they are seats', at: boxAround(b, first) });
  }
}

/** The marked seats' usual centre-to-centre distance (median nearest neighbour of a sample), or 0 when unknown. */
export function seatPitch(b: VenueBuilder, seats: number[], medianRadius: number): number {
  if (seats.length < 2) return 0;
  const cell = Math.max(medianRadius * 8, 1e-6);
  const grid = gridOf(b, seats, cell);
  const step = Math.max(1, Math.floor(seats.length / 2000));
  const distances: number[] = [];
  for (let k = 0; k < seats.length; k += step) {
    const i = seats[k]!;
    let best = Infinity;
    forNeighbours(grid, cell, b.seatX[i]!, b.seatY[i]!, (j) => {
      if (j === i) return;
      const d = Math.hypot(b.seatX[j]! - b.seatX[i]!, b.seatY[j]! - b.seatY[i]!);
      if (d > 0 && d < best) best = d;
    });
    if (best < Infinity) distances.push(best);
  }
  return distances.length ? medianOf(distances) : 0;
}

/** A test "is a seat of `seats` within `reach` of (x, y)". */
function nearFinder(b: VenueBuilder, seats: number[], reach: number): (x: number, y: number) => boolean {
  const grid = gridOf(b, seats, reach);
  return (x, y) => {
    let found = false;
    forNeighbours(grid, reach, x, y, (j) => {
      if (!found && Math.hypot(b.seatX[j]! - x, b.seatY[j]! - y) <= reach) found = true;
    });
    return found;
  };
}

function gridOf(b: VenueBuilder, seats: number[], cell: number): Map<number, number[]> {
  const grid = new Map<number, number[]>();
  for (const i of seats) {
    const key = cellKey(Math.floor(b.seatX[i]! / cell), Math.floor(b.seatY[i]! / cell));
    const list = grid.get(key);
    if (list) list.push(i);
    else grid.set(key, [i]);
  }
  return grid;
}

function forNeighbours(grid: Map<number, number[]>, cell: number, x: number, y: number, visit: (j: number) => void): void {
  const gx = Math.floor(x / cell), gy = Math.floor(y / cell);
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) for (const j of grid.get(cellKey(gx + dx, gy + dy)) ?? []) visit(j);
  }
}

export interface GlyphsOnChairs {
  /** Small shapes inside a chair: the chairs' labels. */
  labels: number[];
  /** The enclosing shapes of the chairs' size: the seats. */
  chairs: number[];
  /** Larger shapes around glyphs that are not of the chairs' size. */
  notChairs: number[];
  /** Small shapes inside those. */
  strayGlyphs: number[];
}

/**
 * CAD exports draw each seat number as outlined glyphs on top of the chair: more glyphs than chairs, so the most
 * common size is the glyph's. When most shapes of the common size sit inside larger shapes, and most of those hosts
 * are of one size (the chairs; a zone, a sign or a wall with lettering is not), the glyphs are labels.
 * Returns the reading, or null when the map is not drawn that way.
 */
export function glyphsOnChairs(b: VenueBuilder, candidates: number[], median: number): GlyphsOnChairs | null {
  const large = candidates.filter((i) => b.seatRadius[i]! >= median * 1.5);
  if (large.length < 4) return null;
  let maxR = 0;
  for (const i of large) maxR = Math.max(maxR, b.seatRadius[i]!);
  const cell = maxR * 2;
  const grid = gridOf(b, large, cell);
  const hostOf = new Map<number, number>();
  let small = 0;
  for (const i of candidates) {
    const r = b.seatRadius[i]!;
    if (r >= median * 1.5) continue;
    small++;
    const x = b.seatX[i]!, y = b.seatY[i]!;
    // The smallest larger shape around it: a glyph on a chair also stands inside the block drawn behind the chairs.
    let host = -1;
    forNeighbours(grid, cell, x, y, (j) => {
      const R = b.seatRadius[j]!;
      if (host >= 0 && R >= b.seatRadius[host]!) return;
      if (R >= r * 1.5 && Math.abs(b.seatX[j]! - x) + r <= R * 1.05 && Math.abs(b.seatY[j]! - y) + r <= R * 1.05) host = j;
    });
    if (host >= 0) hostOf.set(i, host);
  }
  const hosts = [...new Set(hostOf.values())];
  if (hosts.length < 4) return null;
  const chairR = medianOf(hosts.map((j) => b.seatRadius[j]!));
  const isChair = (j: number) => b.seatRadius[j]! >= chairR * 0.75 && b.seatRadius[j]! <= chairR * 1.33;
  const chairs = hosts.filter(isChair);
  const labels: number[] = [], strayGlyphs: number[] = [];
  for (const [i, host] of hostOf) (isChair(host) ? labels : strayGlyphs).push(i);
  if (chairs.length < 4 || labels.length < small / 2) return null;
  return { labels, chairs, notChairs: hosts.filter((j) => !isChair(j)), strayGlyphs };
}

/**
 * Where nearly every chair carries its number as glyphs, a shape of the chairs' size carrying none (neither a chair
 * nor a glyph's host) is a seat only when it is drawn like the chairs that carry one: the same element with the same
 * class, fill, stroke and style attributes as at least one in twenty of them (a chair whose number was not drawn). A
 * row number, a letter of a word or a sign outlined at the chairs' size is drawn otherwise (another class or fill, a
 * path among circles or rects) and is dropped. When the file gives the chairs no class, fill or stroke of their own
 * (their look comes from a group), a bare shape drawn the same way cannot be told from them: it stays a seat, and a
 * warning says how many and where the first is. Returns the clause the glyph warning ends with and that warning.
 */
function bareShapesUnlikeChairs(b: VenueBuilder, candidates: number[], glyphs: GlyphsOnChairs, chairR: number,
  src: string): { notTaken: string; cannotTell: ImportWarning | null } {
  const seen = new Set<number>([...glyphs.chairs, ...glyphs.labels, ...glyphs.notChairs, ...glyphs.strayGlyphs]);
  const bare = candidates.filter((i) => !seen.has(i) && b.seatSection[i]! >= 0
    && b.seatRadius[i]! >= chairR * 0.75 && b.seatRadius[i]! <= chairR * 1.33);
  if (bare.length === 0) return { notTaken: '', cannotTell: null };
  const looks = new Map<string, number>();
  for (const i of glyphs.chairs) {
    const look = drawnAs(src, b.seatSource[i]!);
    looks.set(look, (looks.get(look) ?? 0) + 1);
  }
  const enough = Math.max(2, glyphs.chairs.length / 20);
  const unlike: number[] = [], unpainted: number[] = [];
  for (const i of bare) {
    const look = drawnAs(src, b.seatSource[i]!);
    if ((looks.get(look) ?? 0) < enough) {
      b.drop(i, KIND_SHAPE, 'shape of the chairs\' size carrying no glyph, drawn unlike the chairs that carry one (a row ' +
        'number, lettering or a sign)');
      unlike.push(i);
    } else if (!look.includes('=')) unpainted.push(i);
  }
  const line = (i: number): number => lineOf(src, b.seatSource[i]!);
  const n = unpainted.length;
  return {
    notTaken: unlike.length === 0 ? '' : `; ${unlike.length} ${unlike.length === 1 ? 'shape' : 'shapes'} of the ` +
      `chairs' size carrying no glyph and drawn unlike the chairs (row numbers, lettering, signs; first: line ` +
      `${line(unlike[0]!)}) ${unlike.length === 1 ? 'was' : 'were'} not taken`,
    cannotTell: n === 0 ? null : {
      message: `${n} ${n === 1 ? 'shape' : 'shapes'} of the chairs' size ${n === 1 ? 'carries' : 'carry'} no glyph ` +
        `where ${glyphs.chairs.length} chairs carry one, and the file gives ${n === 1 ? 'it' : 'them'} and the chairs ` +
        `no class, fill or stroke of their own, so ${n === 1 ? 'it' : 'they'} cannot be told from the chairs: taken ` +
        `as seats (first: line ${line(unpainted[0]!)}). If they are row numbers or signs, remove them before saving`,
      at: boxAround(b, unpainted[0]!),
    },
  };
}

/**
 * How a shape is drawn, read from its own tag: the element's name and its class, fill, stroke and style attributes
 * (sorted, so their order does not count). Only the tag's name when it has none of them.
 */
function drawnAs(src: string, offset: number): string {
  const end = src.indexOf('>', offset);
  const tag = src.slice(offset, end < 0 ? Math.min(src.length, offset + 4000) : end);
  const paint: string[] = [];
  for (const m of tag.matchAll(/\s(class|fill|stroke|style)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    paint.push(`${m[1]}=${(m[2] ?? m[3])!.trim()}`);
  }
  return `${/^<([^\s/>]+)/.exec(tag)?.[1] ?? ''} ${paint.sort().join(' ')}`;
}

/**
 * A marker alone is not proof: a shape marked like a seat but far larger than the map's seats, or the only shape of
 * a section group, is a section (data-seat="category-1" on a block of a section-only map). Once most sections of a
 * map are read that way, the few left whose markers read the same ("category-N") are sections too, whatever their
 * number of shapes.
 */
export function markersThatAreSections(b: VenueBuilder): void {
  if (!markersMayBeSections(b)) return;
  const radii: number[] = [];
  const perSection = new Map<number, number[]>();
  for (let i = 0; i < b.seatCount; i++) {
    const s = b.seatSection[i]!;
    if (s < 0) continue;
    radii.push(b.seatRadius[i]!);
    const list = perSection.get(s);
    if (list) list.push(i);
    else perSection.set(s, [i]);
  }
  if (radii.length === 0) return;
  const median = medianOf(radii);
  const lone = [...perSection.entries()].filter(([s, seats]) => seats.length === 1 && b.sectionDeclared[s]);
  const loneAreSections = lone.length >= 2 && lone.length === perSection.size;
  let converted = 0, first = -1;
  const convertedPatterns = new Set<string>();
  const convert = (s: number, seats: number[], i: number): void => {
    // Its drawn shape when the walk kept it (seatOutline), else its box.
    const polygon = b.seatOutline.get(i) ?? boxPolygon(b, i);
    let target = s;
    if (seats.length > 1) {
      const label = labelOf(b, i) || `Section ${b.sectionName.length + 1}`;
      target = b.section(b.hasSection(label) ? `${label} (${b.sectionName.length + 1})` : label);
    }
    b.sectionDeclared[target] = true;
    if (b.sectionOutline[target] === null) b.sectionOutline[target] = polygon;
    b.sectionGuessed.add(target);
    b.dropAsSection(i, KIND_MARKER, 'marked like a seat but read as a section (far larger than the seats, or the only shape ' +
      'of a section group)');
    if (first < 0) first = target;
    converted++;
  };
  for (const [s, seats] of perSection) {
    for (const i of seats) {
      const big = radii.length >= 3 && b.seatRadius[i]! > median * 4;
      const alone = seats.length === 1 && b.sectionDeclared[s]! && (loneAreSections || !/^\d+[a-z]?$/i.test(labelOf(b, i)));
      if (!big && !alone) continue;
      const pattern = markerPattern(labelOf(b, i));
      if (pattern !== null) convertedPatterns.add(pattern);
      // A big marker in a section with real seats becomes a section of its own.
      convert(s, seats, i);
    }
  }
  // The last few: sections drawn as two or three marked shapes, markers reading like the converted ones.
  const sectionsLeft = [...perSection.entries()].filter(([, seats]) => seats.some((i) => b.seatSection[i]! >= 0));
  if (convertedPatterns.size > 0 && converted >= 4 * sectionsLeft.length) {
    for (const [s, seats] of sectionsLeft) {
      const live = seats.filter((i) => b.seatSection[i]! >= 0);
      if (live.length > 3 || !b.sectionDeclared[s]) continue;
      if (!live.every((i) => convertedPatterns.has(markerPattern(labelOf(b, i)) ?? ''))) continue;
      for (const i of live) convert(s, [i], i);
    }
  }
  if (converted > 0) {
    b.conventions.add('seat-marker-sections');
    const o = polygonBounds(b.sectionOutline[first]!);
    b.warnings.push({ message: `${converted} ${converted === 1 ? 'shape' : 'shapes'} marked like a seat read as ` +
      `${converted === 1 ? 'a section' : 'sections'} (far larger than the map's seats, or the only shape of a section ` +
      'group)', section: b.strings[b.sectionName[first]!], at: o });
  }
}

/**
 * Whether markersThatAreSections can find anything, from one pass over typed arrays: a seat far larger than the
 * median needs the largest seat over four times the smallest, and a lone marker a section with one seat. A map of
 * seats drawn alike, several to a section (every canonical map), has neither, and is spared the per-seat lists and
 * the sort of every radius.
 */
function markersMayBeSections(b: VenueBuilder): boolean {
  const radii = liveRadiusRange(b);
  let minR = radii[0]!, maxR = radii[1]!;
  if (radii.length === 0) {
    minR = Infinity;
    maxR = -Infinity;
    for (let i = 0; i < b.seatCount; i++) {
      if (b.seatSection[i]! < 0) continue;
      const r = b.seatRadius[i]!;
      if (r < minR) minR = r;
      if (r > maxR) maxR = r;
    }
  }
  if (!(maxR <= minR * 4)) return true;
  return b.sectionSeatsLive.some((n) => n === 1);
}

/**
 * Smallest and largest radius of the seats not dropped, without a pass over every seat: the marked seats' range kept
 * by the builder, widened by the candidates still in. Empty when a marked seat was dropped (the range no longer holds).
 */
function liveRadiusRange(b: VenueBuilder): number[] {
  const candidates = b.candidateSeats;
  const isCandidate = (i: number) => {
    let lo = 0, hi = candidates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (candidates[mid]! < i) lo = mid + 1;
      else hi = mid;
    }
    return lo < candidates.length && candidates[lo] === i;
  };
  if (!b.droppedSeats.every(isCandidate)) return [];
  let minR = b.markedRadiusMin, maxR = b.markedRadiusMax;
  for (const i of candidates) {
    if (b.seatSection[i]! < 0) continue;
    const r = b.seatRadius[i]!;
    if (r < minR) minR = r;
    if (r > maxR) maxR = r;
  }
  return [minR, maxR];
}

/** "category-12" → "category-#": a marker's wording without its number; null for a bare seat number. */
function markerPattern(label: string): string | null {
  if (!/\p{L}{3,}/u.test(label)) return null;
  return label.replace(/\d+/g, '#');
}

/** "Zona Plata", "Zone VIP": a legend's words before a section's name. */
const LEGEND_PREFIX = /^(?:zona|zone|sector|área|area|bereich)\s+/iu;

/**
 * Zone maps: plain groups (g.block-hover#plata1, g.diagrama-btn) each holding one unmarked shape and its lettering
 * are sections without seats, named after their lettering or id, when a map has several of them. A group whose
 * only lettering is a bare number is a seat drawn with its number, not a zone.
 */
export function zoneGroupsAsSections(b: VenueBuilder): void {
  namedShapesAsSections(b);
  numberedGroupsAsSeats(b);
  const zones = b.zoneGroups.filter((z) => !z.numbered && !/^\d{1,4}[a-z]?$/i.test(z.name)
    && (z.seat < 0 || (b.seatFlags[z.seat]! & SEAT_CANDIDATE) !== 0));
  if (zones.length < 2) return;
  // A map whose seats are marked (a class, id grammar or data attribute says "seat") is not a zone map: its one-shape
  // groups are the stage, the legend's swatches ("busy", "reserved") and lettering. They are listed as section-like
  // elements not read, so a standing area among them is still seen in the report.
  const marked = countMarkedSeats(b);
  if (marked >= 10) {
    for (const zone of zones) {
      b.sectionsUnread.add('zone group', 'a group of one shape and its name in a map of marked seats (a stage, legend '
        + 'or label): not read as a section', zone.offset);
      if (zone.seat >= 0) b.drop(zone.seat, KIND_SHAPE, 'the only shape of a named group in a map of marked seats '
        + '(a stage, legend swatch or label)', zone.offset);
      dropGlyphs(b, zone);
    }
    b.notes.push(`${zones.length} groups holding one shape and its name (stage, legend, labels) were not read as `
      + `sections: the map's ${marked} seats are marked`);
    return;
  }
  // The stage or pitch drawn as a group with its lettering ("ESCENARIO") is there for orientation, as data-section
  // "field_" is, and an entrance ("ACCESO") is no section either; where blocks name their sections (data-seccion
  // "Plata"), a plain group named after one of those sections ("Plata", "Zona Plata") is its swatch in the legend.
  // Each is listed as a section-like element not read.
  const attributeSections = new Set(zones.filter((z) => z.section !== null).map((z) => z.section!.toLowerCase()));
  const notSections = new Set<number>();
  for (const zone of zones) {
    const name = zone.name.replace(/_/g, ' ').trim();
    const playingArea = PLAYING_AREA_ID.test(name);
    const legend = zone.section === null && attributeSections.has(name.replace(LEGEND_PREFIX, '').toLowerCase());
    if (!playingArea && !legend && !FACILITY_ID.test(name)) continue;
    notSections.add(zone.offset);
    if (playingArea) {
      b.sectionsUnread.add('playing area', 'the pitch, court or stage drawn as a group with its name: drawn for '
        + 'orientation', zone.offset);
    } else if (legend) {
      b.sectionsUnread.add('legend swatch', 'a swatch named after a section of the map: its key in the legend, not a '
        + 'section', zone.offset);
    } else {
      b.sectionsUnread.add('facility', 'an entrance, exit or other facility drawn as a group with its name: not a '
        + 'section', zone.offset);
    }
    if (zone.seat >= 0) b.drop(zone.seat, KIND_SHAPE, 'the stage, pitch, a facility or a legend swatch drawn with its '
      + 'name: not a seat', zone.offset);
    dropGlyphs(b, zone);
  }
  for (const zone of zones) {
    if (notSections.has(zone.offset)) continue;
    const name = b.hasSection(zone.name) && (zone.seat < 0 || b.strings[b.sectionName[b.seatSection[zone.seat]!]!] !== zone.name)
      ? `${zone.name} (${b.sectionName.length + 1})` : zone.name;
    const s = b.section(name);
    b.sectionDeclared[s] = true;
    if (b.sectionOutline[s] === null) b.sectionOutline[s] = zone.polygon;
    b.sectionInferred.add(s);
    if (zone.seat >= 0) b.dropAsSection(zone.seat, KIND_SHAPE, 'the only shape of a named group: read as a zone (a section without seats)',
      zone.offset);
    dropGlyphs(b, zone);
  }
  b.conventions.add('zone-groups');
  b.notes.push(`${zones.length - notSections.size} groups holding one shape and its name read as sections without seats `
    + '(a zone map)');
}

/**
 * Groups naming their section and lettered only with a number (g[data-seccion="Diamante"] holding one shape and
 * "18") are read as seats numbered by their lettering, as before; but a box (palco) or a table of the section is drawn
 * the same way, and nothing in the file tells them apart: say so, and the section's seats are guessed.
 */
function numberedGroupsAsSeats(b: VenueBuilder): void {
  const numbered = b.zoneGroups.filter((z) => z.numbered && z.seat >= 0 && b.seatSection[z.seat]! >= 0);
  if (numbered.length < 2) return;
  const sections = new Set<number>();
  for (const z of numbered) sections.add(b.seatSection[z.seat]!);
  for (const s of sections) b.sectionSeatsFrom.set(s, 'guessed');
  const names = [...sections].map((s) => `"${b.strings[b.sectionName[s]!]!}"`).join(', ');
  b.warnings.push({ message: `${numbered.length} groups of section ${names} each hold one shape lettered only with a `
    + 'number: read as seats with those numbers. If they are boxes or tables (their seats not drawn), make them '
    + 'sections before saving', at: boxAround(b, numbered[0]!.seat) });
}

/** The zone's lettering outlined into shapes (glyphs inside its one shape): not seats. */
function dropGlyphs(b: VenueBuilder, zone: VenueBuilder['zoneGroups'][number]): void {
  for (let k = 1; k <= zone.glyphSeats; k++) {
    b.drop(zone.seat + k, KIND_SHAPE, 'a glyph of the lettering outlined on a zone\'s shape (its name drawn as curves)');
  }
}

function labelOf(b: VenueBuilder, i: number): string {
  return b.seatLabel[i]! >= 0 ? b.strings[b.seatLabel[i]!]! : '';
}

export function boxAround(b: VenueBuilder, i: number): VenueBounds | undefined {
  if (i < 0) return undefined;
  const r = Math.max(b.seatRadius[i]! * 6, 1e-3);
  return { minX: b.seatX[i]! - r, minY: b.seatY[i]! - r, maxX: b.seatX[i]! + r, maxY: b.seatY[i]! + r };
}

/** medianOf for a typed array it may reorder: no sort when every value is the same (a map's seats drawn alike). */
function medianInPlace(values: Float64Array): number {
  let min = Infinity, max = -Infinity;
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min === max) return min;
  values.sort();
  return values[values.length >> 1]!;
}


/** A grid cell's key: exact for cells within ±1e5 of the origin; a collision further out only costs a few checks. */
function cellKey(gx: number, gy: number): number {
  return (gx + 100_000) * 200_003 + gy;
}

/** Seats the file marks as seats (not unmarked shapes taken for their size), before candidates are resolved. */
function countMarkedSeats(b: VenueBuilder): number {
  let n = 0;
  for (let i = 0; i < b.seatCount; i++) {
    if (b.seatSection[i]! >= 0 && (b.seatFlags[i]! & (SEAT_CANDIDATE | SEAT_GUESSED)) === 0) n++;
  }
  return n;
}


/**
 * Section-only maps that name their sections only in the shapes' ids (path#"Prime A East 2", path#"VIP 12",
 * path#"GA-GSW"): when the map marks no seats, two or more unmarked shapes carry such ids and the other unmarked
 * shapes are not over four times as many (a map of bare seats with a few named signs is not section-only), each is a
 * section without seats, named after its id (inferred). The other unmarked shapes (the court, columns, icons) are then vetted
 * as usual; they are not taken for blocks.
 */
function namedShapesAsSections(b: VenueBuilder): void {
  const named = b.namedShapes.filter((n) => n.polygon.length >= 6);
  if (named.length < 2) {
    b.namedShapes.length = 0;
    return;
  }
  // A map of many bare seats with a few named shapes (signs, desks) is not a section-only map.
  let unnamedShapes = 0;
  for (let i = 0; i < b.seatCount; i++) if (b.seatSection[i]! >= 0 && (b.seatFlags[i]! & SEAT_CANDIDATE) !== 0) unnamedShapes++;
  unnamedShapes -= named.filter((n) => n.seat < b.seatCount && b.seatSource[n.seat] === n.offset).length;
  if (countMarkedSeats(b) >= 10 || unnamedShapes > named.length * 4) {
    b.namedShapes.length = 0;
    return;
  }
  for (const shape of named) {
    const name = b.hasSection(shape.name) ? `${shape.name} (${b.sectionName.length + 1})` : shape.name;
    const s = b.section(name);
    b.sectionDeclared[s] = true;
    if (b.sectionOutline[s] === null) b.sectionOutline[s] = shape.polygon;
    b.sectionInferred.add(s);
    if (shape.seat < b.seatCount && b.seatSource[shape.seat] === shape.offset) {
      b.dropAsSection(shape.seat, KIND_SHAPE, 'an unmarked shape whose id names a section: read as a section without seats');
    }
  }
  b.conventions.add('named-section-shapes');
  b.notes.push(`${named.length} unmarked shapes whose ids read as section names (first: "${named[0]!.name}") read as `
    + 'sections without seats: the map marks no seats');
}

/** Most seats the one-section check looks at: a bigger map drawn without sections is not a PDF export's page. */
const MAX_BLOCK_CHECK_SEATS = 50_000;

/**
 * A map whose seats all fall in the default section (a PDF export names nothing) but stand in separate blocks (the
 * stalls and the raised stalls, a circle and an upper circle): the seats are read, in one section, and a warning
 * says how many blocks the drawing shows, with their seat counts. Blocks are seats within three pitches of each other
 * (the pitch is the seats' median nearest-neighbour distance); a block needs 10 seats, smaller groups are not
 * counted as one. Returns the block sizes when the warning was raised (largest first), else null.
 */
export function blocksInOneSection(b: VenueBuilder): number[] | null {
  const seats: number[] = [];
  let section = -1;
  for (let i = 0; i < b.seatCount; i++) {
    const s = b.seatSection[i]!;
    if (s < 0) continue;
    if (section >= 0 && s !== section) return null;
    section = s;
    seats.push(i);
  }
  if (section < 0 || b.strings[b.sectionName[section]!] !== DEFAULT_SECTION || seats.length < 20
    || seats.length > MAX_BLOCK_CHECK_SEATS) return null;
  const median = medianOf(seats.map((i) => b.seatRadius[i]!));
  const pitch = seatPitch(b, seats, median);
  if (!(pitch > 0)) return null;
  const reach = pitch * 3;
  const grid = gridOf(b, seats, reach);
  const parent = new Int32Array(b.seatCount).fill(-1);
  for (const i of seats) parent[i] = i;
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (const i of seats) {
    forNeighbours(grid, reach, b.seatX[i]!, b.seatY[i]!, (j) => {
      if (j < i && Math.hypot(b.seatX[j]! - b.seatX[i]!, b.seatY[j]! - b.seatY[i]!) <= reach) parent[find(i)] = find(j);
    });
  }
  const sizes = new Map<number, number>();
  for (const i of seats) sizes.set(find(i), (sizes.get(find(i)) ?? 0) + 1);
  const blocks = [...sizes.entries()].filter(([, n]) => n >= 10).sort((x, y) => y[1] - x[1]);
  if (blocks.length < 2) return null;
  const counts = blocks.map(([, n]) => n);
  const inBlocks = counts.reduce((a, n) => a + n, 0);
  const second = blocks[1]![0];
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const i of seats) {
    if (find(i) !== second) continue;
    minX = Math.min(minX, b.seatX[i]!); maxX = Math.max(maxX, b.seatX[i]!);
    minY = Math.min(minY, b.seatY[i]!); maxY = Math.max(maxY, b.seatY[i]!);
  }
  const shown = counts.length > 6 ? `${counts.slice(0, 6).join(', ')}…` : counts.join(', ');
  b.warnings.push({
    message: `All ${seats.length} seats are in one section ("${DEFAULT_SECTION}"): the file names no sections, but the `
      + `seats stand in ${blocks.length} separate blocks (${shown} seats`
      + (inBlocks < seats.length ? `; ${seats.length - inBlocks} in smaller groups` : '')
      + '). Name the sections, or split the map, before pricing it',
    section: DEFAULT_SECTION, at: { minX, minY, maxX, maxY },
  });
  return counts;
}
