import type { VenueBuilder } from './VenueBuilder';

/**
 * Rows and seat numbers for maps that carry none (bare circles grouped only by section and by unnamed row-segment
 * groups, or <use> seats with nothing but an id). A row is one unnamed group, or seats sharing a line when there
 * are no groups; horizontal segments on the same line (a row split by aisles) are one row. Rows are numbered 1..n
 * from the top of the map, seats 1..n along the row (left to right, or top to bottom for an upright row).
 * Curved rows without groups cannot be told apart reliably from geometry alone; the report says rows were inferred.
 */
export type RowInference = 'row groups' | 'along lines' | 'arc' | 'unclear';

export function inferRows(b: VenueBuilder, section: number, seats: number[]): RowInference {
  const tolerance = Math.max(median(seats.map((i) => b.seatRadius[i]!)), 1e-6);
  const bySegment = new Map<number, number[]>();
  const loose: number[] = [];
  for (const i of seats) {
    const segment = b.seatSegment[i]!;
    if (segment < 0) loose.push(i);
    else {
      const list = bySegment.get(segment);
      if (list) list.push(i);
      else bySegment.set(segment, [i]);
    }
  }
  let looseRows = clusterByY(b, loose, tolerance);
  let how: RowInference = loose.length === 0 ? 'row groups' : 'along lines';
  if (loose.length >= 6 && !tight(b, looseRows, tolerance)) {
    // Curved (stadium) rows overlap in y: cluster by distance to the arc's centre instead, and number along the arc.
    const arc = clusterAlongArc(b, loose, tolerance);
    if (arc) {
      arc.forEach((row, k) => {
        const r = b.row(section, b.intern(String(k + 1)));
        for (const i of row) b.seatRow[i] = r;
      });
      if (bySegment.size === 0) return 'arc';
      looseRows = [];
      how = 'arc';
    } else {
      how = 'unclear';
    }
  }
  const segments = [...bySegment.values(), ...looseRows].map((list) => describe(b, list));
  segments.sort((p, q) => p.meanY - q.meanY || p.minX - q.minX);
  const rows: Segment[] = [];
  for (const segment of segments) {
    const last = rows[rows.length - 1];
    const sameLine = last && last.flat && segment.flat && Math.abs(segment.meanY - last.meanY) < tolerance;
    if (sameLine) {
      last.seats.push(...segment.seats);
      last.meanY = (last.meanY + segment.meanY) / 2;
    } else {
      rows.push(segment);
    }
  }
  const offset = how === 'arc' ? b.rowSection.filter((x) => x === section).length : 0;
  rows.forEach((row, k) => {
    const r = b.row(section, b.intern(String(offset + k + 1)));
    for (const i of row.seats) b.seatRow[i] = r;
  });
  return how;
}

/** Rows found by y are believable when each lies along one line: its seats span little more than a seat in y. */
function tight(b: VenueBuilder, rows: number[][], tolerance: number): boolean {
  for (const row of rows) {
    let minY = Infinity, maxY = -Infinity;
    for (const i of row) {
      minY = Math.min(minY, b.seatY[i]!);
      maxY = Math.max(maxY, b.seatY[i]!);
    }
    if (maxY - minY > tolerance * 3) return false;
  }
  return true;
}

/**
 * Rows of a curved section: the centre of the arcs is fitted to the seats (least squares circle, Kåsa), seats are
 * clustered by their distance to it (a row is one radius), rows numbered from the centre outwards and seats labelled
 * along the arc. Null when that does not give tight rows either.
 */
function clusterAlongArc(b: VenueBuilder, seats: number[], tolerance: number): number[][] | null {
  const centre = fitCentre(b, seats);
  if (!centre) return null;
  const [cx, cy] = centre;
  const dist = new Map<number, number>();
  for (const i of seats) dist.set(i, Math.hypot(b.seatX[i]! - cx, b.seatY[i]! - cy));
  const sorted = [...seats].sort((i, j) => dist.get(i)! - dist.get(j)!);
  const rows: number[][] = [];
  let previous = -Infinity;
  for (const i of sorted) {
    const d = dist.get(i)!;
    if (d - previous > tolerance || rows.length === 0) rows.push([]);
    rows[rows.length - 1]!.push(i);
    previous = d;
  }
  for (const row of rows) {
    let min = Infinity, max = -Infinity;
    for (const i of row) {
      min = Math.min(min, dist.get(i)!);
      max = Math.max(max, dist.get(i)!);
    }
    if (max - min > tolerance * 3) return null;
  }
  if (rows.length * 2 > seats.length) return null;
  for (const row of rows) {
    const angle = (i: number) => Math.atan2(b.seatY[i]! - cy, b.seatX[i]! - cx);
    // Along the arc, starting at the gap (the largest angular jump) so a row across ±180° stays in order.
    row.sort((i, j) => angle(i) - angle(j));
    let cut = 0, widest = -1;
    for (let k = 0; k < row.length; k++) {
      const next = k + 1 < row.length ? angle(row[k + 1]!) : angle(row[0]!) + 2 * Math.PI;
      if (next - angle(row[k]!) > widest) {
        widest = next - angle(row[k]!);
        cut = k + 1;
      }
    }
    const ordered = [...row.slice(cut), ...row.slice(0, cut)];
    row.splice(0, row.length, ...ordered);
    const used = new Set<string>();
    for (const i of row) if (b.seatLabel[i]! >= 0) used.add(b.strings[b.seatLabel[i]!]!);
    let next = 1;
    for (const i of row) {
      if (b.seatLabel[i]! >= 0) continue;
      while (used.has(String(next))) next++;
      b.seatLabel[i] = b.intern(String(next++));
    }
  }
  return rows;
}

function fitCentre(b: VenueBuilder, seats: number[]): [number, number] | null {
  // Solve x² + y² = 2ax + 2by + c in the least squares sense (coordinates centred for stability).
  let mx = 0, my = 0;
  for (const i of seats) {
    mx += b.seatX[i]!;
    my += b.seatY[i]!;
  }
  mx /= seats.length;
  my /= seats.length;
  let sxx = 0, sxy = 0, syy = 0, sxz = 0, syz = 0;
  for (const i of seats) {
    const x = b.seatX[i]! - mx, y = b.seatY[i]! - my, z = x * x + y * y;
    sxx += x * x; sxy += x * y; syy += y * y; sxz += x * z; syz += y * z;
  }
  const det = sxx * syy - sxy * sxy;
  if (Math.abs(det) < 1e-12) return null;
  const a = (sxz * syy - syz * sxy) / (2 * det), c = (syz * sxx - sxz * sxy) / (2 * det);
  if (!Number.isFinite(a) || !Number.isFinite(c)) return null;
  return [mx + a, my + c];
}

/** Labels 1..n along the row for its seats without a label, skipping labels other seats already use. */
export function inferSeatLabels(b: VenueBuilder, seats: number[]): void {
  const used = new Set<string>();
  const unlabelled: number[] = [];
  for (const i of seats) {
    if (b.seatLabel[i]! >= 0) used.add(b.strings[b.seatLabel[i]!]!);
    else unlabelled.push(i);
  }
  const box = describe(b, seats);
  const alongX = box.maxX - box.minX >= box.maxY - box.minY;
  unlabelled.sort((i, j) => (alongX ? b.seatX[i]! - b.seatX[j]! : b.seatY[i]! - b.seatY[j]!));
  let next = 1;
  for (const i of unlabelled) {
    while (used.has(String(next))) next++;
    b.seatLabel[i] = b.intern(String(next++));
  }
}

interface Segment {
  seats: number[];
  meanY: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  /** Lies along one horizontal line: such segments may join their neighbours on the line. */
  flat: boolean;
}

function describe(b: VenueBuilder, seats: number[]): Segment {
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity, sumY = 0, maxR = 0;
  for (const i of seats) {
    const x = b.seatX[i]!, y = b.seatY[i]!;
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    sumY += y;
    maxR = Math.max(maxR, b.seatRadius[i]!);
  }
  return { seats, meanY: sumY / seats.length, minX, maxX, minY, maxY, flat: maxY - minY <= maxR };
}

function clusterByY(b: VenueBuilder, seats: number[], tolerance: number): number[][] {
  const sorted = [...seats].sort((i, j) => b.seatY[i]! - b.seatY[j]!);
  const clusters: number[][] = [];
  let previous = -Infinity;
  for (const i of sorted) {
    const y = b.seatY[i]!;
    if (y - previous > tolerance || clusters.length === 0) clusters.push([]);
    clusters[clusters.length - 1]!.push(i);
    previous = y;
  }
  return clusters;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}
