import type { VenueBuilder } from './VenueBuilder';

/**
 * Rows and seat numbers for maps that carry none (bare circles grouped only by section and by unnamed row-segment
 * groups, or <use> seats with nothing but an id). A row is one unnamed group whose seats lie along one line or arc
 * (a group that does not is split into the lines it holds), or seats sharing a line when there are no groups;
 * horizontal segments on the same line (a row split by aisles) are one row. Rows are numbered 1..n
 * from the top of the map, seats 1..n along the row (left to right, or top to bottom for an upright row).
 * Curved rows are clustered by their distance to a fitted centre: the map's bowl, or failing that a centre of the
 * section's own where every seat, the file's groups too, lies on concentric arcs (a theatre's rows round its stage).
 * Where neither reads, the rows cannot be told apart from geometry alone and the report warns.
 */
export type RowInference = 'row groups' | 'along lines' | 'arc' | 'concentric arcs' | 'unclear';

/**
 * How a section's rows were read, and the file's groups not taken as rows as they stand (`split`: groups whose seats
 * lie along no one line or arc, split into the lines they do lie along), with the seats of theirs that lie along no
 * line found (`banded`: put in rows by height).
 */
export interface RowReading {
  how: RowInference;
  split: number[][];
  banded: number[];
  /** Rows read on concentric arcs ('concentric arcs'), and how many of them a label beside their ends names. */
  arcs?: { rows: number; named: number };
}

export function inferRows(b: VenueBuilder, section: number, seats: number[]): RowReading {
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
  // A group is a row only when its seats lie along one line or arc (one group of an export can hold every box of
  // three tiers): otherwise each of its clumps is split into the lines it lies along; failing that, the clump's seats
  // are banded by height among themselves (bands that join no other row: the file's true rows on their line stay).
  const split: number[][] = [], banded: number[] = [], pieces: number[][] = [], bands: number[][] = [];
  for (const [segment, list] of bySegment) {
    if (alongOneLine(b, list, tolerance)) continue;
    bySegment.delete(segment);
    split.push(list);
    // Each clump of the group (a box, a block of stalls) is read on its own.
    for (const clump of clumps(b, list)) {
      const lines = alongOneLine(b, clump, tolerance) ? [clump] : splitIntoLines(b, clump, tolerance);
      if (lines) pieces.push(...lines);
      else {
        banded.push(...clump);
        bands.push(...clusterByY(b, clump, tolerance));
      }
    }
  }
  const reading = (how: RowInference): RowReading => ({ how, split, banded });
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
      if (bySegment.size === 0 && pieces.length === 0 && bands.length === 0) return reading('arc');
      looseRows = [];
      how = 'arc';
    } else {
      // Not round the map's middle: perhaps every seat of the section, the file's row groups too, lies on arcs round
      // one centre of their own (a theatre's rows round its stage, the rows split at aisles into groups).
      const arcs = concentricArcs(b, seats, [...bySegment.values(), ...pieces], tolerance);
      if (arcs) {
        for (const row of arcs) {
          const r = b.row(section, row.label);
          for (const i of row.seats) b.seatRow[i] = r;
        }
        const named = arcs.filter((row) => row.named).length;
        return { how: 'concentric arcs', split, banded: [], arcs: { rows: arcs.length, named } };
      }
      how = 'unclear';
    }
  }
  const segments = [...bySegment.values(), ...pieces, ...looseRows].map((list) => describe(b, list));
  for (const band of bands) segments.push({ ...describe(b, band), flat: false });
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
  return reading(how);
}

/**
 * Seats that lie along one line (each within a seat's radius of it) or one arc (within a radius of one circle, on
 * at most half of it: four seats of a square lie on a circle too). Two or three seats always do.
 */
function alongOneLine(b: VenueBuilder, seats: number[], tolerance: number): boolean {
  if (seats.length <= 3) return true;
  const [ux, uy] = mainDirection(b, seats);
  let mx = 0, my = 0;
  for (const i of seats) { mx += b.seatX[i]!; my += b.seatY[i]!; }
  mx /= seats.length;
  my /= seats.length;
  let off = 0;
  for (const i of seats) off = Math.max(off, Math.abs((b.seatY[i]! - my) * ux - (b.seatX[i]! - mx) * uy));
  if (off <= tolerance) return true;
  const centre = fitCentre(b, [seats]);
  if (!centre) return false;
  const [cx, cy] = centre;
  const dist = seats.map((i) => Math.hypot(b.seatX[i]! - cx, b.seatY[i]! - cy));
  const radius = dist.reduce((sum, d) => sum + d, 0) / dist.length;
  if (dist.some((d) => Math.abs(d - radius) > tolerance)) return false;
  const angles = seats.map((i) => Math.atan2(b.seatY[i]! - cy, b.seatX[i]! - cx)).sort((p, q) => p - q);
  let widestGap = angles[0]! + 2 * Math.PI - angles[angles.length - 1]!;
  for (let k = 1; k < angles.length; k++) widestGap = Math.max(widestGap, angles[k]! - angles[k - 1]!);
  return widestGap >= Math.PI;
}

/**
 * A clump holding several rows, cut into the chains of seats along its main direction. Null unless they are rows: two
 * seats or more on average, each chain along one line or arc.
 */
function splitIntoLines(b: VenueBuilder, seats: number[], tolerance: number): number[][] | null {
  const chains = chainsAlong(b, seats, mainDirection(b, seats));
  if (chains.length * 2 > seats.length) return null;
  return chains.every((line) => alongOneLine(b, line, tolerance)) ? chains : null;
}

/**
 * Seats chained to their next neighbour along a direction (the nearest seat ahead within 30° of it and within twice
 * the common spacing): rows that bend a little, as a block of curved stalls rows does, are each one chain.
 */
function chainsAlong(b: VenueBuilder, seats: number[], [ux, uy]: [number, number]): number[][] {
  const reach = 2 * commonSpacing(seats, (i, j) => Math.hypot(b.seatX[j]! - b.seatX[i]!, b.seatY[j]! - b.seatY[i]!));
  const next = new Map<number, number>(), previous = new Map<number, number>();
  const links: [number, number, number][] = [];
  for (const i of seats) {
    let best = -1, bestDistance = reach;
    for (const j of seats) {
      const dx = b.seatX[j]! - b.seatX[i]!, dy = b.seatY[j]! - b.seatY[i]!;
      const d = Math.hypot(dx, dy), along = dx * ux + dy * uy;
      if (j !== i && d <= bestDistance && along >= d * Math.cos(Math.PI / 6)) {
        best = j;
        bestDistance = d;
      }
    }
    if (best >= 0) links.push([bestDistance, i, best]);
  }
  // Shortest links first: a seat two others reach continues the nearer one.
  links.sort((p, q) => p[0] - q[0]);
  for (const [, i, j] of links) {
    if (previous.has(j)) continue;
    next.set(i, j);
    previous.set(j, i);
  }
  const chains: number[][] = [];
  for (const i of seats) {
    if (previous.has(i)) continue;
    const chain = [i];
    for (let k = next.get(i); k !== undefined; k = next.get(k)) chain.push(k);
    chains.push(chain);
  }
  return chains;
}

/** The seats in clumps: seats within twice the common spacing of one another are in one clump. */
function clumps(b: VenueBuilder, seats: number[]): number[][] {
  const distance = (i: number, j: number) => Math.hypot(b.seatX[j]! - b.seatX[i]!, b.seatY[j]! - b.seatY[i]!);
  const reach = 2 * commonSpacing(seats, distance);
  const seen = new Set<number>();
  const out: number[][] = [];
  for (const first of seats) {
    if (seen.has(first)) continue;
    seen.add(first);
    const clump = [first];
    for (let k = 0; k < clump.length; k++) {
      for (const j of seats) {
        if (!seen.has(j) && distance(clump[k]!, j) <= reach) {
          seen.add(j);
          clump.push(j);
        }
      }
    }
    out.push(clump);
  }
  return out;
}

/** Median distance from a seat to its nearest neighbour. */
function commonSpacing(seats: number[], distance: (i: number, j: number) => number): number {
  return median(seats.map((i) => {
    let best = Infinity;
    for (const j of seats) if (j !== i) best = Math.min(best, distance(i, j));
    return best;
  }));
}

/** Unit vector of the direction the seats spread most along (principal axis of their positions). */
function mainDirection(b: VenueBuilder, seats: number[]): [number, number] {
  let mx = 0, my = 0;
  for (const i of seats) { mx += b.seatX[i]!; my += b.seatY[i]!; }
  mx /= seats.length;
  my /= seats.length;
  let sxx = 0, sxy = 0, syy = 0;
  for (const i of seats) {
    const x = b.seatX[i]! - mx, y = b.seatY[i]! - my;
    sxx += x * x; sxy += x * y; syy += y * y;
  }
  const angle = Math.atan2(2 * sxy, sxx - syy) / 2;
  return [Math.cos(angle), Math.sin(angle)];
}

/** Rows found by y are believable when each lies along one line: its seats span little more than a seat in y. */
function tight(b: VenueBuilder, rows: number[][], tolerance: number): boolean {
  for (const row of rows) {
    let minY = Infinity, maxY = -Infinity;
    for (const i of row) {
      minY = Math.min(minY, b.seatY[i]!);
      maxY = Math.max(maxY, b.seatY[i]!);
    }
    if (maxY - minY > tolerance * 1.5) return false;
  }
  return true;
}

/**
 * Rows of a curved section: the centre of the arcs is fitted to the seats (least squares circle, Kåsa), seats are
 * clustered by their distance to it (a row is one radius), rows numbered from the centre outwards and seats labelled
 * along the arc. Null when that does not give tight rows either.
 */
function clusterAlongArc(b: VenueBuilder, seats: number[], tolerance: number): number[][] | null {
  // One circle through all rows is pulled off centre (the rows' radii differ). So start from a few guesses (that
  // circle, and the middle of the whole map: a stadium's bowl), refit with a radius per row found, and keep the
  // reading with the fewest rows that are each one radius.
  const starts: [number, number][] = [];
  const global = fitCentre(b, [seats]);
  if (global) starts.push(global);
  starts.push(mapMiddle(b));
  let best: { rows: number[][]; centre: [number, number] } | null = null;
  const dist = new Map<number, number>();
  for (const start of starts) {
    const { rows, centre } = rowsRoundCentre(b, seats, start, tolerance, dist);
    if (!spreadWithin(rows, dist, tolerance * 1.5)) continue;
    if (!best || rows.length < best.rows.length) best = { rows, centre };
  }
  if (!best) return null;
  const rows = best.rows;
  const centre = best.centre;
  for (const i of seats) dist.set(i, Math.hypot(b.seatX[i]! - centre[0], b.seatY[i]! - centre[1]));
  const [cx, cy] = centre;
  if (rows.length * 2 > seats.length) return null;
  for (const row of rows) {
    orderAlongArc(b, row, cx, cy);
    labelInOrder(b, row);
  }
  return rows;
}

/**
 * Seats clustered by their distance to a centre (a row is one radius), the centre refitted to the rows found three
 * times from `start` (Kåsa, a radius per row). `dist` gets each seat's distance to the centre returned.
 */
function rowsRoundCentre(b: VenueBuilder, seats: number[], start: [number, number], tolerance: number,
  dist: Map<number, number>): { rows: number[][]; centre: [number, number] } {
  let centre = start;
  let rows: number[][] = [];
  for (let round = 0; round < 4; round++) {
    for (const i of seats) dist.set(i, Math.hypot(b.seatX[i]! - centre[0], b.seatY[i]! - centre[1]));
    rows = clusterByDistance(seats, dist, tolerance);
    const next = round < 3 ? fitCentre(b, rows) : null;
    if (next) centre = next;
  }
  return { rows, centre };
}

/**
 * Puts a row's seats in order along its arc round (cx, cy), starting at the gap (the largest angular jump) so a row
 * across ±180° stays in order. Returns that gap (radians).
 */
function orderAlongArc(b: VenueBuilder, row: number[], cx: number, cy: number): number {
  const angle = (i: number) => Math.atan2(b.seatY[i]! - cy, b.seatX[i]! - cx);
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
  return widest;
}

/** Labels 1..n, in the order given, for the seats without a label, skipping labels the others already use. */
function labelInOrder(b: VenueBuilder, row: number[]): void {
  const used = new Set<string>();
  for (const i of row) if (b.seatLabel[i]! >= 0) used.add(b.strings[b.seatLabel[i]!]!);
  let next = 1;
  for (const i of row) {
    if (b.seatLabel[i]! >= 0) continue;
    while (used.has(String(next))) next++;
    b.seatLabel[i] = b.intern(String(next++));
  }
}

/** A row read on concentric arcs: its seats in order along the arc, its label (string id), named by the file or not. */
interface ArcRow {
  seats: number[];
  label: number;
  named: boolean;
}

/**
 * Rows of a section whose seats lie on concentric arcs round a centre of their own (a theatre's rows round its stage).
 * The centre is where the rows' normals meet (each seat's line across the direction to its nearest neighbour, which
 * stands beside it in its row), refitted to the rows found (Kåsa, a radius per row); seats are clustered by their
 * distance to it. Taken only when the file can tell: each row one radius (within 1.5 seat radii), on at most half a
 * circle, rows a seat pitch apart or more, nine seats in ten beside their nearest neighbour's row, and none of the
 * file's row groups cut in two (groups split at aisles join the row of their arc). Rows are numbered from the centre
 * outwards unless a label stands beyond one of the row's ends; seats are numbered along the arc. Null otherwise.
 */
function concentricArcs(b: VenueBuilder, seats: number[], groups: number[][], tolerance: number): ArcRow[] | null {
  if (seats.length < 6) return null;
  const nearest = nearestNeighbours(b, seats);
  const pitch = median(seats.map((_, k) => nearest.distance[k]!));
  const start = normalsMeet(b, seats, nearest.index);
  if (!start || !(pitch > 0)) return null;
  const dist = new Map<number, number>();
  const { rows, centre } = rowsRoundCentre(b, seats, start, tolerance, dist);
  if (rows.length * 2 > seats.length || !spreadWithin(rows, dist, tolerance * 1.5)) return null;
  const radius = rows.map((row) => row.reduce((sum, i) => sum + dist.get(i)!, 0) / row.length);
  for (let k = 1; k < rows.length; k++) if (radius[k]! - radius[k - 1]! < pitch * 0.8) return null;
  const rowOf = new Map<number, number>();
  rows.forEach((row, k) => { for (const i of row) rowOf.set(i, k); });
  let beside = 0;
  seats.forEach((i, k) => { if (rowOf.get(i) === rowOf.get(nearest.index[k]!)) beside++; });
  if (beside < seats.length * 0.9) return null;
  for (const group of groups) if (group.some((i) => rowOf.get(i) !== rowOf.get(group[0]!))) return null;
  const [cx, cy] = centre;
  for (const row of rows) if (orderAlongArc(b, row, cx, cy) < Math.PI) return null;
  for (const row of rows) labelInOrder(b, row);
  const labels = rowLabelsAtEnds(b, rows, radius, cx, cy, pitch);
  const used = new Set(labels.filter((label) => label !== null));
  let next = 1;
  return rows.map((row, k) => {
    let label = labels[k] ?? null;
    const named = label !== null;
    if (label === null) {
      while (used.has(String(next))) next++;
      label = String(next++);
    }
    return { seats: row, label: b.intern(label), named };
  });
}

/** Each seat's nearest other seat (index into `seats` order: its seat id and distance), found on a grid. */
function nearestNeighbours(b: VenueBuilder, seats: number[]): { index: Int32Array; distance: Float64Array } {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const i of seats) {
    minX = Math.min(minX, b.seatX[i]!); maxX = Math.max(maxX, b.seatX[i]!);
    minY = Math.min(minY, b.seatY[i]!); maxY = Math.max(maxY, b.seatY[i]!);
  }
  // Cells of about the mean spacing: a few seats each.
  const width = maxX - minX, height = maxY - minY;
  const cell = Math.max(Math.sqrt((width * height) / seats.length), (width + height) / seats.length, 1e-6);
  const columns = Math.floor(width / cell) + 1, lines = Math.floor(height / cell) + 1;
  const grid = new Map<number, number[]>();
  const cellOf = (i: number): [number, number] =>
    [Math.floor((b.seatX[i]! - minX) / cell), Math.floor((b.seatY[i]! - minY) / cell)];
  for (const i of seats) {
    const [gx, gy] = cellOf(i);
    const list = grid.get(gy * columns + gx);
    if (list) list.push(i);
    else grid.set(gy * columns + gx, [i]);
  }
  const index = new Int32Array(seats.length).fill(-1), distance = new Float64Array(seats.length).fill(Infinity);
  seats.forEach((i, k) => {
    const [gx, gy] = cellOf(i);
    // Ring by ring: a seat beyond ring `ring` is more than ring * cell away.
    for (let ring = 0; ring <= Math.max(columns, lines) && distance[k]! > (ring - 1) * cell; ring++) {
      for (let y = gy - ring; y <= gy + ring; y++) {
        if (y < 0 || y >= lines) continue;
        for (let x = gx - ring; x <= gx + ring; x++) {
          if (x < 0 || x >= columns || (Math.abs(x - gx) < ring && Math.abs(y - gy) < ring)) continue;
          for (const j of grid.get(y * columns + x) ?? []) {
            const d = Math.hypot(b.seatX[j]! - b.seatX[i]!, b.seatY[j]! - b.seatY[i]!);
            if (j !== i && d < distance[k]!) {
              distance[k] = d;
              index[k] = j;
            }
          }
        }
      }
    }
  });
  return { index, distance };
}

/**
 * The point nearest to every seat's normal: the line through the seat across the direction to its nearest neighbour
 * (least squares, reweighted five times so stray seats, at a row's end or beside an aisle, count less). Null when the
 * normals are parallel (straight rows).
 */
function normalsMeet(b: VenueBuilder, seats: number[], nearest: Int32Array): [number, number] | null {
  let ox = 0, oy = 0;
  for (const i of seats) { ox += b.seatX[i]!; oy += b.seatY[i]!; }
  ox /= seats.length;
  oy /= seats.length;
  // Line k: tx * x + ty * y = c (x, y relative to the seats' mean).
  const tx = new Float64Array(seats.length), ty = new Float64Array(seats.length), c = new Float64Array(seats.length);
  seats.forEach((i, k) => {
    const j = nearest[k]!;
    if (j < 0) return;
    const dx = b.seatX[j]! - b.seatX[i]!, dy = b.seatY[j]! - b.seatY[i]!, d = Math.hypot(dx, dy);
    if (!(d > 0)) return;
    tx[k] = dx / d;
    ty[k] = dy / d;
    c[k] = tx[k]! * (b.seatX[i]! - ox) + ty[k]! * (b.seatY[i]! - oy);
  });
  const weight = new Float64Array(seats.length).fill(1);
  let centre: [number, number] | null = null;
  for (let round = 0; round < 6; round++) {
    let sxx = 0, sxy = 0, syy = 0, sxc = 0, syc = 0;
    for (let k = 0; k < seats.length; k++) {
      const w = weight[k]!;
      sxx += w * tx[k]! * tx[k]!; sxy += w * tx[k]! * ty[k]!; syy += w * ty[k]! * ty[k]!;
      sxc += w * tx[k]! * c[k]!; syc += w * ty[k]! * c[k]!;
    }
    const det = sxx * syy - sxy * sxy;
    if (!(det > 1e-9 * (sxx + syy) * (sxx + syy))) return null;
    centre = [(sxc * syy - syc * sxy) / det, (syc * sxx - sxc * sxy) / det];
    const residual = Array.from(c, (ck, k) => Math.abs(tx[k]! * centre![0] + ty[k]! * centre![1] - ck));
    const typical = Math.max(median(residual), 1e-9);
    residual.forEach((r, k) => { weight[k] = 1 / Math.max(r, typical); });
  }
  return centre ? [ox + centre[0], oy + centre[1]] : null;
}

/**
 * A label standing beyond an end of each row (rows in order along their arcs, radii from the centre): a short
 * lettering (1–3 letters or digits) on the row's radius (within under half the way to the next row), past its first
 * or last seat by 0.75 to 2.5 seat pitches. A row whose two ends say different things, or a label two rows claim,
 * names nothing (null).
 */
function rowLabelsAtEnds(b: VenueBuilder, rows: number[][], radius: number[], cx: number, cy: number,
  pitch: number): (string | null)[] {
  // Short lettering by its distance to the centre: each row looks only at what stands on its radius.
  const texts = b.texts.filter((t) => /^[\p{L}\p{N}]{1,3}$/u.test(t.text))
    .map((t) => ({ ...t, r: Math.hypot(t.x - cx, t.y - cy) })).sort((p, q) => p.r - q.r);
  const labels = rows.map((row, k) => {
    if (texts.length === 0 || row.length < 2) return null;
    const gap = Math.min(k > 0 ? radius[k]! - radius[k - 1]! : Infinity,
      k + 1 < rows.length ? radius[k + 1]! - radius[k]! : Infinity);
    const within = 0.45 * (Number.isFinite(gap) ? gap : pitch);
    let from = 0, to = texts.length;
    while (from < to) {
      const mid = (from + to) >> 1;
      if (texts[mid]!.r < radius[k]! - within) from = mid + 1;
      else to = mid;
    }
    const found = new Set<string>();
    for (const [end, before] of [[row[0]!, row[1]!], [row[row.length - 1]!, row[row.length - 2]!]] as const) {
      const ux = b.seatX[end]! - b.seatX[before]!, uy = b.seatY[end]! - b.seatY[before]!;
      let best: string | null = null, bestDistance = 2.5 * pitch;
      for (let n = from; n < texts.length && texts[n]!.r <= radius[k]! + within; n++) {
        const t = texts[n]!;
        const dx = t.x - b.seatX[end]!, dy = t.y - b.seatY[end]!, d = Math.hypot(dx, dy);
        if (d < 0.75 * pitch || d > bestDistance || dx * ux + dy * uy <= 0) continue;
        best = t.text;
        bestDistance = d;
      }
      if (best !== null) found.add(best);
    }
    return found.size === 1 ? [...found][0]! : null;
  });
  const claims = new Map<string, number>();
  for (const label of labels) if (label !== null) claims.set(label, (claims.get(label) ?? 0) + 1);
  return labels.map((label) => (label !== null && claims.get(label) === 1 ? label : null));
}

function spreadWithin(rows: number[][], dist: Map<number, number>, limit: number): boolean {
  for (const row of rows) {
    let min = Infinity, max = -Infinity;
    for (const i of row) {
      min = Math.min(min, dist.get(i)!);
      max = Math.max(max, dist.get(i)!);
    }
    if (max - min > limit) return false;
  }
  return true;
}

/** Middle of every seat found so far (the bowl's centre on a stadium map). */
function mapMiddle(b: VenueBuilder): [number, number] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < b.seatCount; i++) {
    if (b.seatSection[i]! < 0) continue;
    minX = Math.min(minX, b.seatX[i]!); maxX = Math.max(maxX, b.seatX[i]!);
    minY = Math.min(minY, b.seatY[i]!); maxY = Math.max(maxY, b.seatY[i]!);
  }
  return [(minX + maxX) / 2, (minY + maxY) / 2];
}

function clusterByDistance(seats: number[], dist: Map<number, number>, tolerance: number): number[][] {
  const sorted = [...seats].sort((i, j) => dist.get(i)! - dist.get(j)!);
  const rows: number[][] = [];
  let previous = -Infinity;
  for (const i of sorted) {
    const d = dist.get(i)!;
    if (d - previous > tolerance || rows.length === 0) rows.push([]);
    rows[rows.length - 1]!.push(i);
    previous = d;
  }
  return rows;
}

/**
 * Common centre of concentric circles, one per group: x² + y² = 2ax + 2by + c_k in the least squares sense (Kåsa),
 * each group's own c_k eliminated by centring the group (coordinates taken relative to the overall mean).
 */
function fitCentre(b: VenueBuilder, groups: number[][]): [number, number] | null {
  let ox = 0, oy = 0, n = 0;
  for (const g of groups) for (const i of g) { ox += b.seatX[i]!; oy += b.seatY[i]!; n++; }
  ox /= n;
  oy /= n;
  let sxx = 0, sxy = 0, syy = 0, sxz = 0, syz = 0;
  for (const g of groups) {
    if (g.length < 3) continue;
    let mx = 0, my = 0, mz = 0;
    for (const i of g) {
      const x = b.seatX[i]! - ox, y = b.seatY[i]! - oy;
      mx += x; my += y; mz += x * x + y * y;
    }
    mx /= g.length; my /= g.length; mz /= g.length;
    for (const i of g) {
      const x0 = b.seatX[i]! - ox, y0 = b.seatY[i]! - oy;
      const x = x0 - mx, y = y0 - my, z = x0 * x0 + y0 * y0 - mz;
      sxx += x * x; sxy += x * y; syy += y * y; sxz += x * z; syz += y * z;
    }
  }
  const det = sxx * syy - sxy * sxy;
  if (!(Math.abs(det) > 1e-12)) return null;
  const a = (sxz * syy - syz * sxy) / (2 * det), c = (syz * sxx - sxz * sxy) / (2 * det);
  if (!Number.isFinite(a) || !Number.isFinite(c)) return null;
  return [ox + a, oy + c];
}

/** Labels 1..n along the row for its seats without a label, skipping labels other seats already use. */
export function inferSeatLabels(b: VenueBuilder, seats: number[]): void {
  const box = describe(b, seats);
  const alongX = box.maxX - box.minX >= box.maxY - box.minY;
  labelInOrder(b, [...seats].sort((i, j) => (alongX ? b.seatX[i]! - b.seatX[j]! : b.seatY[i]! - b.seatY[j]!)));
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
