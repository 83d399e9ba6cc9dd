import type { VenueBuilder } from './VenueBuilder';

/**
 * Rows and seat numbers for maps that carry none (bare circles grouped only by section and by unnamed row-segment
 * groups, or <use> seats with nothing but an id). A row is one unnamed group, or seats sharing a line when there
 * are no groups; horizontal segments on the same line (a row split by aisles) are one row. Rows are numbered 1..n
 * from the top of the map, seats 1..n along the row (left to right, or top to bottom for an upright row).
 * Curved rows without groups cannot be told apart reliably from geometry alone; the report says rows were inferred.
 */
export function inferRows(b: VenueBuilder, section: number, seats: number[]): void {
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
  const segments = [...bySegment.values(), ...clusterByY(b, loose, tolerance)].map((list) => describe(b, list));
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
  rows.forEach((row, k) => {
    const r = b.row(section, b.intern(String(k + 1)));
    for (const i of row.seats) b.seatRow[i] = r;
  });
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
