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

  it('gives the general path\'s result for seats at the edge of the exact form, read as a run or left to it', () => {
    const variants = [
      SEAT.replace('data-seat="7"', 'data-seat="7&amp;8"'),
      SEAT.replace('data-seat="7"', 'data-seat="a-label-longer-than-24-chars"'),
      SEAT.replace('data-seat="7"', 'data-seat=" 7"'),
      SEAT.replace('data-seat="7"', 'data-seat=""'),
      SEAT.replace('data-seat="7"', 'data-seat="7\t"'),
      SEAT.replace('data-seat="7"', 'data-seat="7 8"'),
      SEAT.replace('data-seat="7"', `data-seat="${'x'.repeat(24)}"`),
      SEAT.replace('data-seat="7"', 'data-seat="\u{1F600}"'),
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
