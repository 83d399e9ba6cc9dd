/**
 * One cold parse + index: run in a fresh Node process by parseBench, so the importer's code has never run before,
 * as in the console's venue-map worker, which is started for each map and parses it once. The SVG is generated
 * before the clock starts. Prints `{"totalMs": …, "parseMs": …}`.
 * Run: `node --import tsx bench/map/coldParse.ts SEATS`
 */
import { generateVenue } from '../venues/generateVenue';
import { parseVenueSvg } from '../../workers/venue-map/parseVenueSvg';
import { createVenueIndex } from '../../workers/venue-map/venueIndex';

const seats = Number(process.argv[2]);
if (!Number.isInteger(seats) || seats <= 0) {
  console.error('usage: node --import tsx bench/map/coldParse.ts SEATS');
  process.exit(2);
}
const { svg } = generateVenue({ seats, seed: 1 });
const t0 = performance.now();
const { model } = parseVenueSvg(svg);
const t1 = performance.now();
createVenueIndex(model);
const t2 = performance.now();
console.log(JSON.stringify({ totalMs: t2 - t0, parseMs: t1 - t0 }));
