import { SEAT_CANDIDATE, SEAT_GUESSED, type VenueBuilder } from './VenueBuilder';
import type { VenueBounds } from './venueModel';

/**
 * Which shapes are seats, decided once the whole map is known: unmarked shapes (candidates) are vetted against the
 * marked seats or the map's common seat size, digit glyphs drawn on chairs are told from the chairs, and shapes
 * marked like seats that are really sections are turned into sections. Each choice is counted in the report
 * (skipped with its reason) or warned about.
 */
/**
 * Unmarked shapes (candidates) become seats only after vetting:
 * - in a map whose seats are marked, only those of the marked seats' size (a plaque or an aisle marker is not);
 *   they are kept as guessed seats and the report warns;
 * - in a map without any marked seat (bare geometry), those of the common seat size; when smaller shapes sit on
 *   larger ones (digit glyphs drawn on chairs in CAD exports) the enclosing shape is the seat and the glyph its label.
 */
export function resolveCandidates(b: VenueBuilder): void {
  const candidates: number[] = [];
  const markedRadii: number[] = [];
  for (let i = 0; i < b.seatCount; i++) {
    if (b.seatFlags[i]! & SEAT_CANDIDATE) candidates.push(i);
    else markedRadii.push(b.seatRadius[i]!);
  }
  if (candidates.length === 0) return;
  const drop = (i: number) => { b.seatSection[i] = -1; };
  if (markedRadii.length > 0) {
    const median = medianOf(markedRadii);
    let kept = 0, dropped = 0, first = -1;
    for (const i of candidates) {
      const r = b.seatRadius[i]!;
      if (r >= median * 0.75 && r <= median * 1.33) {
        b.seatFlags[i] = (b.seatFlags[i]! & ~SEAT_CANDIDATE) | SEAT_GUESSED;
        b.sectionSeatsFrom.set(b.seatSection[i]!, 'guessed');
        if (first < 0) first = i;
        kept++;
      } else {
        drop(i);
        dropped++;
      }
    }
    if (dropped > 0) {
      b.skipped.add('shape', 'shape without seat marking and not of the marked seats\' size (a plaque, label or ' +
        'decoration)', undefined, dropped);
    }
    if (kept > 0) {
      b.warnings.push({ message: `${kept} unmarked ${kept === 1 ? 'shape' : 'shapes'} of the marked seats' size ` +
        'taken as seats in a map whose other seats are marked: check they are seats', at: boxAround(b, first) });
    }
    return;
  }
  const radii = candidates.map((i) => b.seatRadius[i]!);
  let median = medianOf(radii);
  const labels = glyphsOnChairs(b, candidates, median);
  if (labels !== null) {
    let chairs = 0;
    for (const i of labels) drop(i);
    const rest = candidates.filter((i) => b.seatSection[i]! >= 0);
    median = medianOf(rest.map((i) => b.seatRadius[i]!));
    chairs = rest.length;
    b.skipped.add('shape', 'glyph drawn on a chair (its label): the enclosing shape is the seat', undefined, labels.length);
    b.warnings.push({ message: `Two candidate seat shapes: ${labels.length} small shapes (digit glyphs) sit on ` +
      `${chairs} larger ones; the enclosing shapes were taken as seats and the glyphs as their labels`,
    at: boxAround(b, rest[0] ?? -1) });
    b.conventions.add('glyphs-on-chairs');
  }
  const seatSized = (r: number): boolean => r >= median / 2 && r <= median * 2;
  let kept = 0, inRows = true;
  for (const i of candidates) {
    if (b.seatSection[i]! < 0) continue;
    if (seatSized(b.seatRadius[i]!)) kept++;
    if (b.seatRow[i]! < 0) inRows = false;
  }
  // Shapes in the file's own row groups need no crowd to be seats; loose ones need a few of one size.
  const useThem = kept >= 4 || (kept > 0 && inRows);
  let dropped = 0;
  for (const i of candidates) {
    if (b.seatSection[i]! < 0) continue;
    if (useThem && seatSized(b.seatRadius[i]!)) {
      b.seatFlags[i] = b.seatFlags[i]! & ~SEAT_CANDIDATE;
      if (!b.sectionSeatsFrom.has(b.seatSection[i]!)) b.sectionSeatsFrom.set(b.seatSection[i]!, labels ? 'guessed' : 'inferred');
    } else {
      drop(i);
      dropped++;
    }
  }
  if (useThem) b.conventions.add('bare-geometry');
  if (dropped > 0) {
    b.skipped.add('shape', 'shape not of seat size, or too few seat-like shapes to be seats (decoration)', undefined,
      dropped);
  }
}

/**
 * CAD exports draw each seat number as outlined glyphs on top of the chair: more glyphs than chairs, so the most
 * common size is the glyph's. When most shapes of the common size sit inside a larger shape, those are labels.
 * Returns the label shapes, or null when the map is not drawn that way.
 */
export function glyphsOnChairs(b: VenueBuilder, candidates: number[], median: number): number[] | null {
  const large = candidates.filter((i) => b.seatRadius[i]! >= median * 1.5);
  if (large.length < 4) return null;
  let maxR = 0;
  for (const i of large) maxR = Math.max(maxR, b.seatRadius[i]!);
  const cell = maxR * 2;
  const grid = new Map<string, number[]>();
  for (const i of large) {
    const key = `${Math.floor(b.seatX[i]! / cell)},${Math.floor(b.seatY[i]! / cell)}`;
    const list = grid.get(key);
    if (list) list.push(i);
    else grid.set(key, [i]);
  }
  const labels: number[] = [];
  let small = 0;
  for (const i of candidates) {
    const r = b.seatRadius[i]!;
    if (r >= median * 1.5) continue;
    small++;
    const x = b.seatX[i]!, y = b.seatY[i]!;
    const gx = Math.floor(x / cell), gy = Math.floor(y / cell);
    let inside = false;
    for (let dx = -1; dx <= 1 && !inside; dx++) {
      for (let dy = -1; dy <= 1 && !inside; dy++) {
        for (const j of grid.get(`${gx + dx},${gy + dy}`) ?? []) {
          const R = b.seatRadius[j]!;
          if (R >= r * 1.5 && Math.abs(b.seatX[j]! - x) + r <= R * 1.05 && Math.abs(b.seatY[j]! - y) + r <= R * 1.05) {
            inside = true;
            break;
          }
        }
      }
    }
    if (inside) labels.push(i);
  }
  return labels.length >= small / 2 && labels.length >= 4 ? labels : null;
}

/**
 * A marker alone is not proof: a shape marked like a seat but far larger than the map's seats, or the only shape of
 * a section group, is a section (data-seat="category-1" on a block of a section-only map).
 */
export function markersThatAreSections(b: VenueBuilder): void {
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
  for (const [s, seats] of perSection) {
    for (const i of seats) {
      const big = radii.length >= 3 && b.seatRadius[i]! > median * 4;
      const alone = seats.length === 1 && b.sectionDeclared[s]! && (loneAreSections || !/^\d+[a-z]?$/i.test(labelOf(b, i)));
      if (!big && !alone) continue;
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
      b.seatSection[i] = -1;
      if (first < 0) first = target;
      converted++;
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

function polygonBounds(points: number[]): VenueBounds {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let k = 0; k < points.length; k += 2) {
    minX = Math.min(minX, points[k]!); maxX = Math.max(maxX, points[k]!);
    minY = Math.min(minY, points[k + 1]!); maxY = Math.max(maxY, points[k + 1]!);
  }
  return { minX, minY, maxX, maxY };
}

function labelOf(b: VenueBuilder, i: number): string {
  return b.seatLabel[i]! >= 0 ? b.strings[b.seatLabel[i]!]! : '';
}

function boxPolygon(b: VenueBuilder, i: number): number[] {
  const x = b.seatX[i]!, y = b.seatY[i]!, r = b.seatRadius[i]!;
  return [x - r, y - r, x + r, y - r, x + r, y + r, x - r, y + r];
}

export function boxAround(b: VenueBuilder, i: number): VenueBounds | undefined {
  if (i < 0) return undefined;
  const r = Math.max(b.seatRadius[i]! * 6, 1e-3);
  return { minX: b.seatX[i]! - r, minY: b.seatY[i]! - r, maxX: b.seatX[i]! + r, maxY: b.seatY[i]! + r };
}

export function medianOf(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length >> 1]!;
}

