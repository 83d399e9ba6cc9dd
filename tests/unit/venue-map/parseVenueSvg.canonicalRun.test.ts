import { describe, expect, it } from 'vitest';
import { generateVenue } from '../../../bench/venues/generateVenue';
import { parseVenueSvg } from '../../../workers/venue-map/parseVenueSvg';
import { packSeatIndex } from '../../../workers/venue-map/venueIndex';
import { SEAT_FLAG_ACCESSIBLE, type ParseResult } from '../../../workers/venue-map/venueModel';

/**
 * Canonical seats written exactly as the format's writer writes them are read as a run straight from the text
 * (SeatPlacer.canonicalSeats); every other seat goes through the tokenizer and canonicalSeat. A space before "/>"
 * is enough to send a seat the general way, so each map below is parsed twice, as written and with that space after
 * every seat, and both must give the same model, report and seat index.
 */
function generalWay(svg: string): string {
  return svg.replace(/"\/>/g, '" />');
}

/** The parse as plain data (typed arrays as arrays), the report's sample offsets left out (the space moves them). */
function asData(result: ParseResult): unknown {
  const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_key, v: unknown) =>
    (ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v)));
  const report = plain(result.report) as Record<string, unknown>;
  return { model: plain(result.model), index: plain(packSeatIndex(result.model)), report: stripOffsets(report) };
}

function stripOffsets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripOffsets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !/offset|sample/i.test(key))
    .map(([key, v]) => [key, stripOffsets(v)]));
}

function bothWays(svg: string): { run: ParseResult; general: ParseResult } {
  return { run: parseVenueSvg(svg), general: parseVenueSvg(generalWay(svg)) };
}

const SEAT = '<circle class="seat" data-seat="7" cx="-22.5" cy="6" r="2"/>';

function inRow(seats: string): string {
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">' +
    '<g class="section" data-section="S" transform="translate(10 20) rotate(30)"><g class="row" data-row="A">' +
    `${seats}</g></g></svg>`;
}

describe('parseVenueSvg: canonical seats read as a run', () => {
  it('gives the same model, report and index as the general path for generated venues', () => {
    for (const options of [{ seats: 2_000, seed: 3 }, { seats: 45_000, seed: 1, gaAreas: 0 }]) {
      const { svg } = generateVenue(options);
      const { run, general } = bothWays(svg);
      expect(run.model.seatCount).toBe(options.seats);
      expect(asData(run)).toEqual(asData(general));
    }
  });

  it('reads accessible seats, and data-accessible="false" or "0" as not accessible', () => {
    const seats = ['true', 'false', '0', 'yes', ''].map((value, k) =>
      `<circle class="seat" data-seat="${k + 1}" data-accessible="${value}" cx="${k * 5}" cy="6" r="2"/>`).join('');
    const { run, general } = bothWays(inRow(seats));
    expect(Array.from(run.model.seatFlags).map((f) => f & SEAT_FLAG_ACCESSIBLE ? 1 : 0)).toEqual([1, 0, 0, 1, 1]);
    expect(asData(run)).toEqual(asData(general));
  });

  it('leaves every seat it does not read exactly to the general path, with the same result', () => {
    const variants = [
      SEAT.replace('data-seat="7"', 'data-seat="7&amp;8"'),
      SEAT.replace('data-seat="7"', 'data-seat="a-label-longer-than-24-chars"'),
      SEAT.replace('data-seat="7"', 'data-seat=" 7"'),
      SEAT.replace('data-seat="7"', 'data-seat=""'),
      SEAT.replace('r="2"', 'r="2px"'),
      SEAT.replace('r="2"', 'r="0"'),
      SEAT.replace('cx="-22.5"', 'cx="1e2"'),
      SEAT.replace('cx="-22.5"', 'cx="-0"'),
      SEAT.replace('cx="-22.5"', "cx='4'"),
      SEAT.replace('<circle class="seat"', '<circle id="s7" class="seat"'),
      SEAT.replace('r="2"', 'r="2" fill="red"'),
      SEAT.replace('r="2"', 'r="2" transform="rotate(5)"'),
      SEAT.replace('class="seat" data-seat="7"', 'data-seat="7" class="seat"'),
    ];
    for (const variant of variants) {
      const svg = inRow(`${SEAT.replace('"7"', '"1"')}${variant}${SEAT.replace('"7"', '"9"')}`);
      const { run, general } = bothWays(svg);
      expect(asData(run), variant).toEqual(asData(general));
    }
  });

  it('reads no seat of a class a stylesheet hides', () => {
    const svg = inRow(SEAT).replace('<g class="section"', '<style>.seat { display: none }</style><g class="section"');
    const { run, general } = bothWays(svg);
    expect(run.model.seatCount).toBe(0);
    expect(asData(run)).toEqual(asData(general));
  });

  it('counts each seat against the element limit and fails at the same line', () => {
    const svg = inRow(`\n${SEAT}\n${SEAT.replace('"7"', '"8"')}\n${SEAT.replace('"7"', '"9"')}`);
    const failure = (text: string): unknown => {
      try {
        parseVenueSvg(text, { maxElements: 4 });
        return null;
      } catch (e) {
        return { message: (e as Error).message, line: (e as { line?: number }).line };
      }
    };
    expect(failure(svg)).toMatchObject({ line: 3 });
    expect(failure(svg)).toEqual(failure(generalWay(svg)));
  });
});

/**
 * Canonical row groups written exactly as the format's writer writes them are opened straight from the text
 * (SvgWalker.canonicalRow); a space before their ">" sends them the general way (the tokenizer and classifyGroup).
 */
function rowsGeneralWay(svg: string): string {
  return svg.replace(/(<g class="row" data-row="[^"]*")>/g, '$1 >');
}

function rowsBothWays(svg: string): { run: ParseResult; general: ParseResult } {
  return { run: parseVenueSvg(svg), general: parseVenueSvg(rowsGeneralWay(svg)) };
}

const ROW = '<g class="row" data-row="A">';

function inSection(rows: string): string {
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">' +
    `<g class="section" data-section="S" transform="translate(10 20) rotate(30)">\n${rows}\n</g></svg>`;
}

function rowOf(open: string, first: number): string {
  return `${open}${[0, 1, 2].map((k) => SEAT.replace('"7"', `"${first + k}"`).replace('-22.5', String(k * 5))).join('')}</g>`;
}

describe('parseVenueSvg: canonical rows opened straight from the text', () => {
  it('gives the same model, report and index as the general path for generated venues, rows and seats both ways', () => {
    for (const options of [{ seats: 2_000, seed: 3 }, { seats: 45_000, seed: 1, gaAreas: 0 }]) {
      const { svg } = generateVenue(options);
      expect(svg).toContain(ROW);
      const { run, general } = rowsBothWays(svg);
      expect(run.model.seatCount).toBe(options.seats);
      expect(asData(run)).toEqual(asData(general));
      expect(asData(run)).toEqual(asData(parseVenueSvg(generalWay(rowsGeneralWay(svg)))));
    }
  });

  it('leaves every row it does not read exactly to the general path, with the same result', () => {
    const variants = [
      ROW.replace('"A"', '"A&amp;B"'),
      ROW.replace('"A"', '" A"'),
      ROW.replace('"A"', '"A\u00a0"'),
      ROW.replace('"A"', '""'),
      ROW.replace('"A"', '"A\tB"'),
      ROW.replace('"A"', "'A'"),
      ROW.replace('<g class="row"', '<g id="r1" class="row"'),
      ROW.replace('>', ' transform="translate(3 4)">'),
      ROW.replace('>', ' data-seat-count="3">'),
      ROW.replace('class="row" data-row="A"', 'data-row="A" class="row"'),
      ROW.replace('class="row"', 'class="row seat"'),
      ROW.replace('class="row"', 'class="row disabled-section"'),
      ROW.replace('>', ' style="display:none">'),
      ROW.replace('<g', '<svg:g').replace('</g>', '</svg:g>'),
      `${ROW}${ROW.replace('"A"', '"B"')}`,
    ];
    for (const variant of variants) {
      const close = variant.startsWith('<svg:g') ? '</svg:g>' : '</g>';
      const nested = variant.split(/<(?:svg:)?g /).length - 1;
      const rows = `${rowOf(ROW.replace('"A"', '"F"'), 1)}\n${rowOf(variant, 4).replace(/<\/g>$/, close + '</g>'.repeat(nested - 1))}\n` +
        `  ${rowOf(ROW.replace('"A"', '"Z"'), 7)}<text x="0" y="0">S</text>${rowOf(ROW.replace('"A"', '"Y"'), 10)}`;
      const svg = inSection(rows);
      const { run, general } = rowsBothWays(svg);
      expect(asData(run), variant).toEqual(asData(general));
    }
  });

  it('reads rows of seats without numbers, and rows inside a plain group, as the general path does', () => {
    // Seats without numbers are numbered along their segment (inferRows); a plain group is judged by what it holds.
    const unnumbered = (y: number) => [0, 1, 2].map((k) => `<circle class="seat" cx="${k * 5}" cy="${y}" r="2"/>`).join('');
    const rows = `<g>${ROW}${unnumbered(0)}</g>\n${ROW}${unnumbered(8)}</g>\n${ROW.replace('"A"', '"B"')}${unnumbered(16)}</g></g>`;
    const { run, general } = rowsBothWays(inSection(rows));
    expect(run.model.seatCount).toBe(9);
    expect(asData(run)).toEqual(asData(general));
  });

  it('opens no row of a class a stylesheet hides, and none inside a seat group or definitions', () => {
    for (const wrap of [
      (rows: string) => inSection(rows).replace('<g class="section"', '<style>.row { display: none }</style><g class="section"'),
      (rows: string) => inSection(`<g class="seat" data-seat="1">${rows}</g>`),
      (rows: string) => inSection(`<defs><g id="d">${rows}</g></defs>`),
      (rows: string) => inSection(`<text x="1" y="2">${rows}</text>`),
    ]) {
      const svg = wrap(rowOf(ROW, 1));
      const { run, general } = rowsBothWays(svg);
      expect(asData(run), svg).toEqual(asData(general));
    }
  });

  it('counts each row against the element limit, fails at the same line, and fails on a row never closed', () => {
    const svg = inSection(`${ROW}\n${SEAT}</g>\n${ROW.replace('"A"', '"B"')}\n${SEAT}</g>`);
    const failure = (text: string, maxElements?: number): unknown => {
      try {
        parseVenueSvg(text, maxElements ? { maxElements } : {});
        return null;
      } catch (e) {
        return { message: (e as Error).message, line: (e as { line?: number }).line };
      }
    };
    for (const limit of [3, 4, 5]) {
      expect(failure(svg, limit), String(limit)).not.toBeNull();
      expect(failure(svg, limit)).toEqual(failure(rowsGeneralWay(svg), limit));
    }
    const unclosed = inSection(`${ROW}\n${SEAT}`);
    expect(failure(unclosed)).toMatchObject({ message: expect.stringContaining('<g>') });
    expect(failure(unclosed)).toEqual(failure(rowsGeneralWay(unclosed)));
    const mismatched = inSection(`${ROW}\n${SEAT}</svg:g>`);
    expect(failure(mismatched)).toEqual(failure(rowsGeneralWay(mismatched)));
  });
});
