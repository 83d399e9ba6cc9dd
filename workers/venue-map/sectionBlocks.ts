import { PLAYING_AREA_ID } from './groupRoles';
import { ringBlocks } from './ringBlocks';
import { pointInPolygon } from './pointInPolygon';
import { decodeIllustratorId } from './seatIdentity';
import { boxPolygon, medianOf, polygonArea, polygonBounds } from './shapeMath';
import { KIND_SHAPE } from './UnreadLog';
import type { VenueBuilder } from './VenueBuilder';

/**
 * Section-only maps drawn as unnamed blocks (issue 36, docs/venue-import.md): whether the unmarked shapes of a map
 * that marks nothing are blocks rather than seats, and reading them as sections without seats.
 */
/** Fewer shapes of one size than this, each a twentieth of the drawing or more, are too few to be a map's seats. */
const MIN_SEATS_OF_A_DRAWN_MAP = 40;

/**
 * Why the unmarked shapes of a map that marks nothing are sections drawn as blocks rather than seats, or null when
 * they may be seats. Seats are drawn alike (one size), small against the drawing and once each; a stadium's blocks
 * are large and few (fewer than 40 "seats", each 1/20 of the drawing's width or more), of many sizes, and often drawn
 * twice (a fill and an outline). Circles are left alone: nobody draws a stadium's sections as circles.
 */
export function blocksNotSeats(b: VenueBuilder, candidates: number[], median: number, src: string): string | null {
  const sized = candidates.filter((i) => b.seatSection[i]! >= 0 && b.seatRadius[i]! >= median / 2
    && b.seatRadius[i]! <= median * 2);
  if (sized.length < 2 || !(median > 0)) return null;
  let circles = 0;
  for (const i of sized) if (src.startsWith('<circle', b.seatSource[i]!) || src.startsWith('<ellipse', b.seatSource[i]!)) circles++;
  if (circles * 2 > sized.length) return null;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const i of candidates) {
    if (b.seatSection[i]! < 0) continue;
    const x = b.seatX[i]!, y = b.seatY[i]!, r = b.seatRadius[i]!;
    minX = Math.min(minX, x - r); maxX = Math.max(maxX, x + r); minY = Math.min(minY, y - r); maxY = Math.max(maxY, y + r);
  }
  for (const l of b.looseShapes) {
    if (l.inSection) continue;
    minX = Math.min(minX, l.minX); maxX = Math.max(maxX, l.maxX); minY = Math.min(minY, l.minY); maxY = Math.max(maxY, l.maxY);
  }
  const extent = Math.max(maxX - minX, maxY - minY);
  const across = extent / (2 * median);
  if (across <= 20 && sized.length < MIN_SEATS_OF_A_DRAWN_MAP) {
    return `each about 1/${Math.max(1, Math.round(across))} of the drawing's width, and only ${sized.length}: too large `
      + 'and too few for seats';
  }
  const twins = sized.length - new Set(sized.map((i) => twinKey(b, i, median))).size;
  if (twins * 4 >= sized.length) return `${twins} of them drawn twice, as a fill and an outline`;
  const alike = sized.filter((i) => Math.abs(b.seatRadius[i]! - median) <= median * 0.1).length;
  if (alike < sized.length * 0.6) {
    return `of many sizes: only ${alike} of ${sized.length} within 10 % of the common size, where seats are drawn alike`;
  }
  return null;
}

/** Same centre and size, to a twentieth of the common size: the two shapes of a fill + outline pair. */
function twinKey(b: VenueBuilder, i: number, median: number): string {
  const q = median * 0.05;
  return `${Math.round(b.seatX[i]! / q)},${Math.round(b.seatY[i]! / q)},${Math.round(b.seatRadius[i]! / (q * 2))}`;
}

/**
 * A map drawn as blocks: every unmarked shape from a quarter to four times the common size is a section without seats
 * (named after the lettering inside it, else numbered "Block N"), as are elongated shapes of a block's area; the
 * second shape of a fill + outline pair, smaller shapes (lettering) and far larger ones (the field, the floor) are
 * not read. Confidence guessed, with a warning that says why.
 */
export function readBlocks(b: VenueBuilder, candidates: number[], median: number, why: string, src: string): void {
  const seen = new Set<string>();
  let blocks = 0, twins = 0, small = 0, large = 0, ringCount = 0;
  let first: number[] | null = null;
  const add = (polygon: number[], x: number, y: number, r: number, onShape = false): void => {
    const lettering = letteringInside(b, x, y, r, onShape ? polygon : null);
    let name = lettering ?? `Block ${blocks + 1}`;
    if (b.hasSection(name)) name = `${name} (${blocks + 1})`;
    const s = b.section(name);
    b.sectionDeclared[s] = true;
    if (b.sectionOutline[s] === null) b.sectionOutline[s] = polygon;
    b.sectionGuessed.add(s);
    if (first === null) first = polygon;
    blocks++;
  };
  // Where every shape stands: candidates (with their drawn outline when kept) and the long narrow shapes.
  const points: number[] = [];
  for (const i of candidates) if (b.seatSection[i]! >= 0) points.push(b.seatX[i]!, b.seatY[i]!);
  for (const l of b.looseShapes) if (!l.inSection) points.push((l.minX + l.maxX) / 2, (l.minY + l.maxY) / 2);
  const holds = (polygon: number[]): number => {
    let n = 0;
    for (let k = 0; k < points.length; k += 2) if (pointInPolygon(polygon, 0, polygon.length / 2, points[k]!, points[k + 1]!)) n++;
    return n;
  };
  // Shapes larger than the common size with their drawn outlines: lettering sits on them. One holding most of the
  // map's shapes is the venue's outline or background (everything stands on it), not a floor: it says nothing.
  const hosts = candidates.filter((i) => b.seatSection[i]! >= 0 && b.seatRadius[i]! > median * 1.5
    && b.candidateOutline.has(i) && holds(b.candidateOutline.get(i)!) * 2 <= points.length / 2);
  const outlineOf = (j: number): number[] => b.candidateOutline.get(j)!;
  const onHost = (x: number, y: number, r: number): boolean => hosts.some((j) => b.seatRadius[j]! >= r * 2.5
    && pointInPolygon(outlineOf(j), 0, outlineOf(j).length / 2, x, y));
  // The field or floor: a far larger host holding two shapes or more (the infield, the mound, markings). A shape
  // standing on it is part of it, not a block of seats round it.
  const fields = hosts.filter((j) => b.seatRadius[j]! > median * 4 && holds(outlineOf(j)) >= 3);
  const onField = (x: number, y: number, r: number): boolean => fields.some((j) => b.seatRadius[j]! >= r * 2.5
    && pointInPolygon(outlineOf(j), 0, outlineOf(j).length / 2, x, y));
  // Blocks are compared by their drawn area (a long curved block has a large box and a small area); the common
  // block's area is the median area of the shapes of the common size.
  const commonAreas: number[] = [];
  for (const i of candidates) {
    const r = b.seatRadius[i]!;
    if (b.seatSection[i]! >= 0 && r >= median / 2 && r <= median * 2 && b.candidateOutline.has(i)) {
      commonAreas.push(polygonArea(b.candidateOutline.get(i)!));
    }
  }
  const blockArea = commonAreas.length ? medianOf(commonAreas) : (2 * median) * (2 * median);
  // Far larger shapes are the field, the floor or the background, unless they stand in the ring like a block.
  const ring = ringBlocks(b, candidates, candidates.filter((i) => b.seatSection[i]! >= 0 && b.seatRadius[i]! > median * 4
    && !playingArea(src, b.seatSource[i]!)), median, blockArea);
  let onFields = 0, lines = 0;
  for (const i of candidates) {
    if (b.seatSection[i]! < 0) continue;
    const r = b.seatRadius[i]!, x = b.seatX[i]!, y = b.seatY[i]!;
    if (playingArea(src, b.seatSource[i]!)) {
      b.drop(i, KIND_SHAPE, 'the pitch, court or stage in a map of sections drawn as blocks (drawn for orientation)');
      large++;
    } else if (r < median / 4 || (r < median / 2 && onHost(x, y, r))) {
      b.drop(i, KIND_SHAPE, 'small shape in a map of sections drawn as blocks (lettering or decoration)');
      small++;
    } else if (r > median * 4 && !ring.seats.has(i)) {
      b.drop(i, KIND_SHAPE, 'shape far larger than the blocks (the field, floor or background)');
      large++;
    } else if (r <= median * 4 && b.candidateOutline.has(i) && polygonArea(b.candidateOutline.get(i)!) < blockArea / 8) {
      // An open line (a divider drawn as a path without a close) or an outline that encloses next to nothing.
      b.drop(i, KIND_SHAPE, 'line or outline enclosing next to no area in a map of sections drawn as blocks (a divider)');
      lines++;
    } else if (onField(x, y, r)) {
      b.drop(i, KIND_SHAPE, 'shape standing on the field or floor (a marking, the infield), not a block round it');
      onFields++;
    } else if (seen.has(twinKey(b, i, median))) {
      b.dropAsSection(i, KIND_SHAPE, 'the outline drawn over a block already read (a fill + outline pair)');
      twins++;
    } else if (r > median * 4) {
      seen.add(twinKey(b, i, median));
      add(b.candidateOutline.get(i)!, x, y, r, true);
      b.dropAsSection(i, KIND_SHAPE, 'unmarked shape far larger than the common block read as a section drawn as a block '
        + '(it stands in the ring among the blocks and holds no other shape)');
      ringCount++;
    } else {
      seen.add(twinKey(b, i, median));
      add(b.candidateOutline.get(i) ?? boxPolygon(b, i), x, y, r);
      b.dropAsSection(i, KIND_SHAPE, 'unmarked shape read as a section drawn as a block (no seats)');
    }
  }
  let elongated = 0;
  b.looseShapes.forEach((l, k) => {
    const w = l.maxX - l.minX, h = l.maxY - l.minY;
    // Long narrow blocks (the strips of an upper tier) count by their drawn area: an eighth of a common block's or
    // more. Lettering, open lines (a divider drawn as a path without a close) and railings have far less.
    if (l.inSection || polygonArea(l.polygon) < blockArea / 8) return;
    const x = (l.minX + l.maxX) / 2, y = (l.minY + l.maxY) / 2;
    // Longer than eight common sizes: a block only when it stands in the ring like one (a band along the stand).
    const long = Math.max(w, h) > median * 8;
    if ((long && !ring.loose.has(k)) || onField(x, y, Math.max(w, h) / 2)) return;
    const key = `${Math.round(x * 2 / (median * 0.1))},${Math.round(y * 2 / (median * 0.1))},`
      + `${Math.round(Math.max(w, h) / (median * 0.1))}`;
    if (seen.has(key)) return;
    seen.add(key);
    add(l.polygon, x, y, long ? Math.max(w, h) / 2 : Math.min(w, h) / 2, long);
    elongated++;
    if (long) ringCount++;
  });
  b.conventions.add('section-blocks');
  const parts = [`${twins} outline${twins === 1 ? '' : 's'} drawn over them`,
    `${small} smaller shape${small === 1 ? '' : 's'} (lettering)`,
    `${onFields} standing on the field or floor`,
    `${lines} line${lines === 1 ? '' : 's'} enclosing next to nothing`,
    `${large} far larger one${large === 1 ? '' : 's'} or the pitch`]
    .filter((p) => !p.startsWith('0 '));
  b.warnings.push({
    message: `${blocks} unmarked shapes read as sections without seats, drawn as blocks (${why})`
      + (elongated ? `, ${elongated} of them long and narrow` : '')
      + (ringCount ? `, ${ringCount} of them far larger than the common block but standing in the ring among the `
        + 'blocks (they hold no other shape, nor the middle of the map)' : '')
      + (parts.length ? `; not read: ${parts.join(', ')}` : '')
      + '. Nothing in the file marks a seat or names a section: check the sections and their names, or draw the seats',
    at: first ? polygonBounds(first) : undefined,
  });
}

/** Whether the element at `offset` has an id naming the pitch, court or stage (rect#COURT_0000…, path#stage). */
function playingArea(src: string, offset: number): boolean {
  const end = src.indexOf('>', offset);
  const id = /\sid\s*=\s*["']([^"']*)["']/.exec(src.slice(offset, end < 0 ? offset + 2000 : Math.min(end, offset + 2000)));
  return id !== null && PLAYING_AREA_ID.test(decodeIllustratorId(id[1]!).replace(/_/g, ' ').trim());
}

/**
 * The lettering of a block: the text label nearest its centre within its radius, if short enough to be a name; for
 * a block far larger than the common one (a curved strip or an L whose centre is off the shape), only labels on the
 * shape itself (`onShape`), so two nested strips do not take the same name.
 */
function letteringInside(b: VenueBuilder, x: number, y: number, r: number, onShape: number[] | null): string | null {
  let best: string | null = null, bestD = r;
  for (const t of b.texts) {
    const d = Math.hypot(t.x - x, t.y - y);
    if (d <= bestD && t.text.length <= 30
      && (onShape === null || pointInPolygon(onShape, 0, onShape.length / 2, t.x, t.y))) {
      best = t.text.replace(/\s+/g, ' ').trim();
      bestD = d;
    }
  }
  return best || null;
}
