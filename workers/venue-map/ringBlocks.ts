import { PLAYING_AREA_ID } from './groupRoles';
import { pointInPolygon } from './pointInPolygon';
import { polygonArea, polygonBounds, polygonGap } from './shapeMath';
import type { VenueBuilder } from './VenueBuilder';

/**
 * Blocks far larger than a map's common block: the curved strips and corner blocks of a stadium's outer ring, or a
 * band of seats along the pitch, are five to twenty times the common block's size, as large as the field or the
 * floor. They are told apart by where they stand and what they hold (docs/venue-import.md, "Real maps"):
 * - the field, the floor, the venue's outline and the background hold the middle of the ring (the mean centre of
 *   the blocks of the common size); a block of the ring stands to one side of it;
 * - the field or floor holds other shapes (the infield, the mound, markings, blocks on the floor); a block holds
 *   none wholly inside it but its lettering (shapes under half the common size) and the outline drawn over it;
 * - a block's neighbours are blocks: two blocks of the common size come within a quarter of the common size of its
 *   outline (on a stadium map they touch, or leave a thin aisle), or one far larger block already found does
 *   (concentric strips of a ring neighbour each other, the innermost only the next one out);
 * - its outline is the whole shape (a path of many separate lines, such as dividers, is not one), it encloses at
 *   least a common block's area (a wall or a walkway line does not), and no lettering inside it names the pitch.
 */
export interface RingBlocks {
  /** Builder seats (unmarked shapes far larger than the common block) that are blocks of the ring. */
  seats: Set<number>;
  /** Indexes into b.looseShapes of long shapes (over eight common sizes) that are blocks of the ring. */
  loose: Set<number>;
}

/** Blocks of the common size a map needs before its middle and its ring mean anything. */
const MIN_COMMON_BLOCKS = 6;
/** How near (in common sizes, the common block's half-width) a neighbouring block's outline must come. */
const NEIGHBOUR_GAP = 0.25;

interface Shape {
  x: number;
  y: number;
  r: number;
  outline: number[];
  /** Builder seat, or -1 - index of the loose shape. */
  ref: number;
}

/**
 * The far larger shapes of a map drawn as blocks that are blocks too. `far` lists the candidates far larger than
 * the common block (over four times its size) that may be; long loose shapes are looked at here.
 */
export function ringBlocks(b: VenueBuilder, candidates: number[], far: number[], median: number,
  blockArea: number): RingBlocks {
  const found: RingBlocks = { seats: new Set(), loose: new Set() };
  const common: number[][] = [];
  let mx = 0, my = 0;
  for (const i of candidates) {
    const r = b.seatRadius[i]!, outline = b.candidateOutline.get(i);
    if (b.seatSection[i]! < 0 || r < median / 2 || r > median * 2 || !outline) continue;
    common.push(outline);
    mx += b.seatX[i]!;
    my += b.seatY[i]!;
  }
  if (common.length < MIN_COMMON_BLOCKS) return found;
  mx /= common.length;
  my /= common.length;
  // Every shape of half a common block or more (by its drawn outline, else its box): what a field or floor holds.
  const solids: Shape[] = [];
  for (const i of candidates) {
    const x = b.seatX[i]!, y = b.seatY[i]!, r = b.seatRadius[i]!;
    if (b.seatSection[i]! < 0 || r < median / 2) continue;
    solids.push({ x, y, r, ref: i,
      outline: b.candidateOutline.get(i) ?? [x - r, y - r, x + r, y - r, x + r, y + r, x - r, y + r] });
  }
  const large: Shape[] = [];
  b.looseShapes.forEach((l, k) => {
    if (l.inSection || polygonArea(l.polygon) < blockArea / 8) return;
    const shape = { x: (l.minX + l.maxX) / 2, y: (l.minY + l.maxY) / 2,
      r: Math.max(l.maxX - l.minX, l.maxY - l.minY) / 2, outline: l.polygon, ref: -1 - k };
    solids.push(shape);
    if (shape.r > median * 4) large.push(shape);
  });
  for (const i of far) {
    const outline = b.candidateOutline.get(i);
    if (outline) large.push({ x: b.seatX[i]!, y: b.seatY[i]!, r: b.seatRadius[i]!, outline, ref: i });
  }
  const same = median * 0.05;
  const eligible = large.filter((s) => {
    const n = s.outline.length / 2;
    const box = polygonBounds(s.outline);
    if (n < 3 || Math.max(box.maxX - box.minX, box.maxY - box.minY) < s.r * 1.8) return false;
    if (polygonArea(s.outline) < blockArea || pointInPolygon(s.outline, 0, n, mx, my)) return false;
    for (const t of b.texts) {
      if (PLAYING_AREA_ID.test(t.text.trim()) && pointInPolygon(s.outline, 0, n, t.x, t.y)) return false;
    }
    // Itself, or the outline drawn over it (same centre and size), does not count as held.
    return !solids.some((o) => !(Math.abs(o.x - s.x) <= same && Math.abs(o.y - s.y) <= same
      && Math.abs(o.r - s.r) <= same * 2) && within(o.outline, s.outline, n));
  });
  const gap = median * NEIGHBOUR_GAP;
  const neighbours = (s: Shape, blocks: number[][]): number => {
    let count = 0;
    for (const block of blocks) if (block !== s.outline && polygonGap(s.outline, block, gap) <= gap) count++;
    return count;
  };
  const accepted: number[][] = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const s of eligible) {
      if (accepted.includes(s.outline) || (neighbours(s, accepted) < 1 && neighbours(s, common) < 2)) continue;
      accepted.push(s.outline);
      if (s.ref >= 0) found.seats.add(s.ref);
      else found.loose.add(-1 - s.ref);
      grew = true;
    }
  }
  return found;
}

/** Whether every vertex of `shape` lies inside `polygon` (n points): the shape stands wholly on it. */
function within(shape: number[], polygon: number[], n: number): boolean {
  for (let k = 0; k < shape.length; k += 2) if (!pointInPolygon(polygon, 0, n, shape[k]!, shape[k + 1]!)) return false;
  return shape.length > 0;
}
