import { generateVenue } from '../../../bench/venues/generateVenue';
import type { Queryable } from '../database';
import { importVenueMap } from '../../venues/importVenueMap';
import { clubSvg, theatreSvg } from './smallVenueMaps';

export interface SeededMap {
  venueId: number;
  mapId: number;
  seats: number;
}

export interface SeededVenues {
  theatre: SeededMap;
  club: SeededMap;
  arena: SeededMap;
  stadium: SeededMap;
}

/** Arena ≥ 20,000 and stadium ≥ 100,000 seats, generated in the canonical format and imported like any upload. */
export const ARENA_SEATS = 24_000;
export const STADIUM_SEATS = 104_000;

const VENUES = [
  { key: 'theatre', en: 'Göta Lejon', sv: 'Göta Lejon', city: 'Stockholm', map: 'Main hall', svg: () => theatreSvg() },
  { key: 'club', en: 'Debaser Strand', sv: 'Debaser Strand', city: 'Stockholm', map: 'Standing', svg: () => clubSvg() },
  { key: 'arena', en: 'Avicii Arena', sv: 'Avicii Arena', city: 'Stockholm', map: 'Concert, stage north', svg: () => generateVenue({ seats: ARENA_SEATS, seed: 2026 }).svg },
  { key: 'stadium', en: 'Strawberry Arena', sv: 'Strawberry Arena', city: 'Solna', map: 'Stadium bowl', svg: () => generateVenue({ seats: STADIUM_SEATS, seed: 1937 }).svg },
] as const;

export async function seedVenues(tx: Queryable): Promise<SeededVenues> {
  const out: Partial<SeededVenues> = {};
  for (const v of VENUES) {
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO venues (name_en, name_sv, city) VALUES ($1, $2, $3) RETURNING id',
      [v.en, v.sv, v.city],
    );
    const venueId = Number(rows[0].id);
    const { mapId, report } = await importVenueMap(tx, { venueId, name: v.map, svg: v.svg() });
    out[v.key] = { venueId, mapId, seats: report.seats };
  }
  return out as SeededVenues;
}
