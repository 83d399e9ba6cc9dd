/**
 * Deterministic generator of canonical venue SVGs (docs/venue-svg.md) that look like real venues: an arena (up to
 * 40k seats: a stage at one end, standing floor areas, a bowl on three sides) or a stadium (a pitch with the bowl
 * all round). The bowl is a stadium-shaped ring: straight sections along the sides with straight rows, curved
 * sections round the ends with curved rows, tiers of 22-28 rows, upper tiers with more sections on the curves. Every
 * section is a group placed with translate + rotate, so importers exercise the transform path; curved outlines use
 * arcs. The same options always give the same file (fixed-seed PRNG), and the seat count is exactly `seats`.
 */
export interface GenerateVenueOptions {
  seats: number;
  seed?: number;
  /** Standing areas on the floor or pitch, each with a capacity (default 2; 0 for none). */
  gaAreas?: number;
}

export interface GeneratedVenue {
  svg: string;
  seats: number;
  sections: number;
}

const SEAT_PITCH = 5;
const ROW_PITCH = 8;
const SEAT_RADIUS = 2;
const ROW_GAP = 6;
const CONCOURSE = 24;
const SECTION_SPAN = 130;
const ARENA_MAX_SEATS = 40_000;

interface PlannedSection {
  name: string;
  transform: string;
  /** Straight sections: width along the row; curved: inner radius and half the angle they span. */
  curved: boolean;
  width: number;
  inner: number;
  half: number;
  /** Seats per row, front row first. */
  rows: number[];
  accessible: boolean;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A, B, ... Z, AA, AB ... */
function rowLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const f = (v: number): string => String(Math.round(v * 100) / 100);

function rowRadius(s: PlannedSection, row: number): number {
  return s.inner + ROW_GAP + row * ROW_PITCH;
}

/** Seats a row holds, leaving an aisle of a seat and a half at each end of the section. */
function seatsInRow(s: PlannedSection, row: number): number {
  const length = s.curved ? rowRadius(s, row) * 2 * s.half : s.width;
  return Math.max(1, Math.floor((length - 3 * SEAT_PITCH) / SEAT_PITCH) + 1);
}

export function generateVenue(options: GenerateVenueOptions): GeneratedVenue {
  const target = Math.max(1, Math.floor(options.seats));
  const random = mulberry32(options.seed ?? 1);
  const gaAreas = Math.max(0, Math.floor(options.gaAreas ?? 2));
  const arena = target <= ARENA_MAX_SEATS;
  const R = Math.max(40, Math.sqrt(target) * 1.8);
  const L = 1.5 * R;
  const sections: PlannedSection[] = [];
  let planned = 0;
  let offset = 12;
  for (let number = 1; planned < target; number++) {
    const tier = planTier(number, offset, L, R, arena, random);
    const perRow = tier.reduce((sum, s) => sum + seatsInRow(s, 0), 0);
    const rows = Math.min(22 + Math.floor(random() * 7), Math.ceil((target - planned) / perRow) + 1);
    for (const s of tier) {
      for (let r = 0; r < rows; r++) s.rows.push(seatsInRow(s, r));
      planned += s.rows.reduce((a, b) => a + b, 0);
      sections.push(s);
    }
    offset += ROW_GAP * 2 + rows * ROW_PITCH + CONCOURSE;
  }
  trim(sections, planned - target);
  const outer = R + offset + 40;
  const kind = arena ? 'arena' : 'stadium';
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" ' +
    `viewBox="${f(-L - outer)} ${f(-outer)} ${f(2 * (L + outer))} ${f(2 * outer)}" ` +
    `data-name="Generated ${kind}, ${target} seats">\n<title>Generated ${kind}</title>\n`,
    `<rect class="${arena ? 'floor' : 'pitch'}" x="${f(-L)}" y="${f(-R)}" width="${f(2 * L)}" height="${f(2 * R)}" ` +
    `fill="${arena ? '#ddd' : '#4a8'}"/>\n`,
  ];
  let floorStart = -L;
  if (arena) {
    const stage = 0.5 * L;
    parts.push(`<g class="stage"><rect x="${f(-L)}" y="${f(-R / 2)}" width="${f(stage)}" height="${f(R)}" ` +
      `fill="#333"/><text x="${f(-L + stage / 2)}" y="0">STAGE</text></g>\n`);
    floorStart += stage + 10;
  }
  const gaWidth = (L - floorStart) / Math.max(1, gaAreas);
  for (let k = 0; k < gaAreas; k++) {
    const x = floorStart + k * gaWidth, w = gaWidth - 6, h = 2 * R - 20;
    // Two standing guests a square metre; one map unit is 10 cm.
    const capacity = Math.max(1, Math.floor(w * h * 0.01 * 2));
    const name = `Floor ${rowLetter(k)} (standing)`;
    parts.push(`<g class="section" data-section="${name}" data-kind="ga" data-capacity="${capacity}">` +
      `<rect class="section-outline" x="${f(x)}" y="${f(-R + 10)}" width="${f(w)}" height="${f(h)}"/>` +
      `<text x="${f(x + w / 2)}" y="0">${name}</text></g>\n`);
  }
  for (const s of sections) emitSection(parts, s);
  parts.push('</svg>\n');
  return { svg: parts.join(''), seats: target, sections: sections.length + gaAreas };
}

/**
 * One tier: straight sections along the bottom and top sides (the top ones rotated 180° so rows run away from the
 * floor), curved sections round the right end, and round the left end too in a stadium (an arena's stage is there).
 */
function planTier(tier: number, offset: number, L: number, R: number, arena: boolean,
  random: () => number): PlannedSection[] {
  const out: PlannedSection[] = [];
  const straight = Math.max(1, Math.round((2 * L) / SECTION_SPAN));
  const width = (2 * L) / straight;
  const inner = R + offset;
  const curvedCount = Math.max(2, Math.round((Math.PI * (inner + 100)) / SECTION_SPAN));
  const span = Math.PI / curvedCount;
  // "Section 101".."Section 199" for tier 1, three digits after the tier when a tier has more than 99 sections.
  const digits = Math.max(2, String(2 * straight + (arena ? 1 : 2) * curvedCount).length);
  const base = (transform: string): PlannedSection => ({
    name: `Section ${tier}${String(out.length + 1).padStart(digits, '0')}`, transform, curved: false, width: 0,
    inner: 0, half: 0, rows: [], accessible: random() < 0.3,
  });
  // Sections go round the bowl in order: bottom side left to right, right end bottom to top, top side right to left,
  // left end top to bottom.
  const curves = (end: number): void => {
    for (let k = 0; k < curvedCount; k++) {
      const mid = end * (Math.PI / 2) - (k + 0.5) * span;
      const s = base(`translate(${f(end * L)} 0) rotate(${f((mid * 180) / Math.PI - 90)})`);
      s.curved = true;
      s.inner = inner;
      s.half = span / 2 - 0.004;
      out.push(s);
    }
  };
  for (let k = 0; k < straight; k++) {
    out.push({ ...base(`translate(${f(-L + (k + 0.5) * width)} ${f(inner)})`), width });
  }
  curves(1);
  for (let k = 0; k < straight; k++) {
    out.push({ ...base(`translate(${f(L - (k + 0.5) * width)} ${f(-inner)}) rotate(180)`), width });
  }
  if (!arena) curves(-1);
  return out;
}

/** Removes `excess` seats from the back rows, spread over the sections, so the total is exactly the target. */
function trim(sections: PlannedSection[], excess: number): void {
  let left = excess;
  while (left > 0) {
    let progressed = false;
    for (let i = sections.length - 1; i >= 0 && left > 0; i--) {
      const rows = sections[i]!.rows;
      while (rows.length > 0 && rows[rows.length - 1] === 0) rows.pop();
      if (rows.length === 0) continue;
      rows[rows.length - 1]!--;
      left--;
      progressed = true;
    }
    if (!progressed) break;
  }
  for (let i = sections.length - 1; i >= 0; i--) {
    const rows = sections[i]!.rows;
    while (rows.length > 0 && rows[rows.length - 1] === 0) rows.pop();
    if (rows.length === 0) sections.splice(i, 1);
  }
}

function outlinePath(s: PlannedSection): string {
  const depth = 2 * ROW_GAP + (s.rows.length - 1) * ROW_PITCH;
  if (!s.curved) {
    const x = s.width / 2 - 1;
    return `M${f(-x)} 0H${f(x)}V${f(depth)}H${f(-x)}Z`;
  }
  const a = s.inner, b = s.inner + depth, h = s.half;
  const at = (r: number, t: number): string => `${f(r * Math.sin(t))} ${f(r * Math.cos(t))}`;
  return `M${at(a, -h)}A${f(a)} ${f(a)} 0 0 0 ${at(a, h)}L${at(b, h)}A${f(b)} ${f(b)} 0 0 1 ${at(b, -h)}Z`;
}

function emitSection(parts: string[], s: PlannedSection): void {
  parts.push(`<g class="section" data-section="${s.name}" data-kind="seated" transform="${s.transform}">\n` +
    `<path class="section-outline" d="${outlinePath(s)}"/>\n` +
    `<text x="0" y="${f(s.inner - 4)}">${s.name.slice(8)}</text>\n`);
  s.rows.forEach((count, r) => {
    parts.push(`<g class="row" data-row="${rowLetter(r)}">`);
    const radius = rowRadius(s, r);
    for (let i = 0; i < count; i++) {
      let x: number, y: number;
      if (s.curved) {
        const t = ((i - (count - 1) / 2) * SEAT_PITCH) / radius;
        x = radius * Math.sin(t);
        y = radius * Math.cos(t);
      } else {
        x = (i - (count - 1) / 2) * SEAT_PITCH;
        y = ROW_GAP + r * ROW_PITCH;
      }
      const accessible = s.accessible && r === 0 && (i < 2 || i >= count - 2) ? ' data-accessible="true"' : '';
      parts.push(`<circle class="seat" data-seat="${i + 1}"${accessible} cx="${f(x)}" cy="${f(y)}" r="${SEAT_RADIUS}"/>`);
    }
    parts.push('</g>\n');
  });
  parts.push('</g>\n');
}
