import type { Queryable } from '../database';
import { ensurePriceSet } from '../../pricing/priceSets';
import type { SeededMap, SeededVenues } from './seedVenues';

type Status = 'draft' | 'active';

interface DemoTicketType {
  name: string;
  isDefault?: boolean;
  kids?: boolean;
  ageFrom?: number;
  ageTo?: number;
}

interface DemoEvent {
  promoter: number;
  name: string;
  nameSv: string;
  performer: string;
  type: 'musical' | 'theater' | 'sport';
  genre: string;
  map: keyof SeededVenues;
  status: Status;
  /** Days from the seed day to the start (negative: passed). */
  startsIn: number;
  hours: number;
  /** Share of the seats priced (1 = all, as publishing requires). */
  priced: number;
  /** Base price of the dearest level, SEK; cheaper levels step down. */
  topPrice: number;
  behaviour?: 'event' | 'membership_card';
  restrictionsConfirmed?: boolean;
  seasonal?: boolean;
  /** Index (in DEMO_EVENTS) of the seasonal event this one belongs to. */
  season?: number;
  /** Days from the seed day to the tickets' release at 10:00; default 60 days before the start. */
  releaseIn?: number;
}

const CONCERT_TYPES: DemoTicketType[] = [
  { name: 'Standard', isDefault: true, ageFrom: 18 },
  { name: 'Student', ageFrom: 16 },
  { name: 'Kids', kids: true, ageTo: 12 },
];
const SPORT_TYPES: DemoTicketType[] = [
  { name: 'Adult', isDefault: true, ageFrom: 18 },
  { name: 'Youth', ageFrom: 13, ageTo: 17 },
];

/** Both promoters get events in every state: draft (unpriced and part-priced), published, passed, membership, seasonal. */
export const DEMO_EVENTS: DemoEvent[] = [
  { promoter: 0, name: 'Nordic Lights Live', nameSv: 'Nordiska ljus live', performer: 'Aurora Skies', type: 'musical', genre: 'Pop', map: 'arena', status: 'active', startsIn: 30, hours: 20, priced: 1, topPrice: 1295, restrictionsConfirmed: true },
  // On sale since the day before the seed day: 60 days before its start is the seed day itself, and a database seeded
  // before 10:00 then had no buyer for it (the CRM flows mail its buyers).
  { promoter: 0, name: 'Midsummer Stadium Night', nameSv: 'Midsommarnatt på stadion', performer: 'The Northern Band', type: 'musical', genre: 'Rock', map: 'stadium', status: 'active', startsIn: 60, hours: 19, priced: 1, topPrice: 1595, restrictionsConfirmed: true, releaseIn: -1 },
  { promoter: 0, name: 'Winter Gala', nameSv: 'Vintergala', performer: 'Stockholm Symphonic', type: 'musical', genre: 'Classical', map: 'arena', status: 'draft', startsIn: 90, hours: 19, priced: 0.4, topPrice: 995 },
  { promoter: 0, name: 'Spring Tour 2026', nameSv: 'Vårturné 2026', performer: 'Aurora Skies', type: 'musical', genre: 'Pop', map: 'arena', status: 'active', startsIn: -45, hours: 20, priced: 1, topPrice: 1095, restrictionsConfirmed: true },
  { promoter: 0, name: 'Jazz at the Lion', nameSv: 'Jazz på Lejonet', performer: 'Quartet Nord', type: 'musical', genre: 'Jazz', map: 'theatre', status: 'draft', startsIn: 21, hours: 19, priced: 0, topPrice: 450 },
  { promoter: 0, name: 'Club Night: Neon', nameSv: 'Klubbkväll: Neon', performer: 'DJ Polaris', type: 'musical', genre: 'Electronic', map: 'club', status: 'active', startsIn: 10, hours: 22, priced: 1, topPrice: 295, restrictionsConfirmed: true },
  { promoter: 0, name: 'Nordic Live Membership 2027', nameSv: 'Nordic Live medlemskap 2027', performer: '', type: 'musical', genre: 'Pop', map: 'theatre', status: 'draft', startsIn: 40, hours: 18, priced: 0, topPrice: 0, behaviour: 'membership_card' },
  { promoter: 0, name: 'Göta Lejon Season 2027', nameSv: 'Göta Lejon säsong 2027', performer: 'Various', type: 'theater', genre: 'Musical', map: 'theatre', status: 'draft', startsIn: 50, hours: 19, priced: 1, topPrice: 2400, seasonal: true },
  { promoter: 0, name: 'Les Misérables (premiere)', nameSv: 'Les Misérables (premiär)', performer: 'Göta Lejon ensemble', type: 'theater', genre: 'Musical', map: 'theatre', status: 'active', startsIn: 50, hours: 19, priced: 1, topPrice: 895, season: 7, restrictionsConfirmed: true },
  { promoter: 0, name: 'Les Misérables', nameSv: 'Les Misérables', performer: 'Göta Lejon ensemble', type: 'theater', genre: 'Musical', map: 'theatre', status: 'active', startsIn: 57, hours: 19, priced: 1, topPrice: 795, season: 7, restrictionsConfirmed: true },
  { promoter: 1, name: 'Derby: AIK – Hammarby', nameSv: 'Derby: AIK – Hammarby', performer: 'AIK, Hammarby IF', type: 'sport', genre: 'Football', map: 'stadium', status: 'active', startsIn: 14, hours: 15, priced: 1, topPrice: 650, restrictionsConfirmed: true },
  { promoter: 1, name: 'Hockey Final, game 1', nameSv: 'SM-final i hockey, match 1', performer: 'Djurgården, Frölunda', type: 'sport', genre: 'Ice hockey', map: 'arena', status: 'active', startsIn: 20, hours: 19, priced: 1, topPrice: 890, restrictionsConfirmed: true },
  { promoter: 1, name: 'Handball EM: Sweden – Denmark', nameSv: 'Handbolls-EM: Sverige – Danmark', performer: 'Sweden, Denmark', type: 'sport', genre: 'Handball', map: 'arena', status: 'draft', startsIn: 75, hours: 18, priced: 0, topPrice: 540 },
  { promoter: 1, name: 'Allsvenskan Opener 2026', nameSv: 'Allsvenskan premiär 2026', performer: 'AIK, Malmö FF', type: 'sport', genre: 'Football', map: 'stadium', status: 'active', startsIn: -120, hours: 15, priced: 1, topPrice: 450, restrictionsConfirmed: true },
  { promoter: 1, name: 'Season Ticket Allsvenskan 2027', nameSv: 'Säsongskort Allsvenskan 2027', performer: 'AIK', type: 'sport', genre: 'Football', map: 'stadium', status: 'draft', startsIn: 130, hours: 15, priced: 0, topPrice: 3900, seasonal: true },
  { promoter: 1, name: 'Ice Show: Frozen Dreams', nameSv: 'Isshow: Frusna drömmar', performer: 'Nordic Ice Company', type: 'theater', genre: 'Drama', map: 'arena', status: 'draft', startsIn: 100, hours: 17, priced: 0.75, topPrice: 695 },
  // Fully priced drafts: ready to publish, and ready to join the Göta Lejon season (same map and ticket types).
  { promoter: 0, name: 'Comedy Gala', nameSv: 'Komedigala', performer: 'Stand-up Stockholm', type: 'theater', genre: 'Comedy', map: 'theatre', status: 'draft', startsIn: 35, hours: 20, priced: 1, topPrice: 495 },
  { promoter: 0, name: 'Les Misérables (matinée)', nameSv: 'Les Misérables (matiné)', performer: 'Göta Lejon ensemble', type: 'theater', genre: 'Musical', map: 'theatre', status: 'draft', startsIn: 64, hours: 14, priced: 1, topPrice: 695 },
  // An unpriced stadium draft: the 104,000-seat map waiting to be priced on the map.
  { promoter: 0, name: 'Summer Festival 2027', nameSv: 'Sommarfestival 2027', performer: 'Various artists', type: 'musical', genre: 'Pop', map: 'stadium', status: 'draft', startsIn: 200, hours: 16, priced: 0, topPrice: 995 },
];

const pad = (n: number) => String(n).padStart(2, '0');
/** Local wall-clock text 'YYYY-MM-DD HH:mm:00', `days` from `today` at `hours`:00. */
function wallClock(today: Date, days: number, hours: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, hours));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:00:00`;
}

export interface SeededEvent {
  id: number;
  promoterId: number;
  mapId: number;
  demo: DemoEvent;
}

/** Events relative to the seed day (so the demo always has upcoming and passed events), everything else fixed. */
export async function seedEvents(tx: Queryable, promoterIds: number[], venues: SeededVenues, today = new Date()): Promise<SeededEvent[]> {
  const genres = new Map((await tx.query<{ id: number; name: string }>('SELECT id, name FROM genres')).rows.map((g) => [g.name, Number(g.id)]));
  const seeded: SeededEvent[] = [];
  for (const e of DEMO_EVENTS) {
    const map: SeededMap = venues[e.map];
    const membership = e.behaviour === 'membership_card';
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO events (promoter_id, entity_type, seasonal_event_id, status, behaviour_type, type, genre_id, venue_id, map_id,
                           start_date, end_date, tickets_release_date, venue_open_date, ticket_vat, restrictions_confirmed, notes, social_links)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
      [
        promoterIds[e.promoter], e.seasonal ? 'seasonal' : 'ordinary', e.season === undefined ? null : seeded[e.season].id, e.status,
        membership ? 'membership_card' : 'event', e.type, genres.get(e.genre) ?? null, map.venueId, map.mapId,
        wallClock(today, e.startsIn, e.hours), wallClock(today, e.startsIn, e.hours + 3), wallClock(today, e.releaseIn ?? e.startsIn - 60, 10),
        membership ? null : wallClock(today, e.startsIn, e.hours - 1), membership ? 0 : 6, e.restrictionsConfirmed ?? false,
        e.status === 'draft' ? 'Waiting for the final seating plan from the venue.' : '',
        JSON.stringify({ facebook: '', instagram: '', spotify: '' }),
      ],
    );
    const id = Number(rows[0].id);
    await tx.query(
      `INSERT INTO event_translations (event_id, language, name, description, performer_name, genre)
       VALUES ($1, 'en', $2, $3, $4, $5), ($1, 'sv', $6, $7, $4, $5)`,
      [id, e.name, `${e.name} at ${e.map === 'stadium' ? 'Strawberry Arena' : e.map === 'arena' ? 'Avicii Arena' : e.map === 'club' ? 'Debaser Strand' : 'Göta Lejon'}.`, e.performer, e.genre, e.nameSv, `${e.nameSv}.`],
    );
    const types = await seedTicketTypes(tx, id, e.type === 'sport' ? SPORT_TYPES : CONCERT_TYPES);
    if (e.priced > 0) await priceEvent(tx, id, map.mapId, types, e.topPrice, e.priced);
    seeded.push({ id, promoterId: promoterIds[e.promoter], mapId: map.mapId, demo: e });
  }
  return seeded;
}

async function seedTicketTypes(tx: Queryable, eventId: number, types: DemoTicketType[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [position, t] of types.entries()) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO ticket_types (event_id, name, is_default, kids, age_from, age_to, position) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [eventId, t.name, t.isDefault ?? false, t.kids ?? false, t.ageFrom ?? null, t.ageTo ?? null, position],
    );
    ids.push(Number(rows[0].id));
  }
  return ids;
}

/**
 * Prices by tier: the sections nearest the stage or pitch (first in the map's order) are dearest, four levels
 * stepping down; other ticket types are a share of the default. `share` < 1 prices only that share of the
 * sections, so a draft shows the map part-priced. Whole sections are priced as promoters do it: one row each.
 */
async function priceEvent(tx: Queryable, eventId: number, mapId: number, types: number[], topPrice: number, share: number) {
  const levels = 4;
  const setIds: number[] = [];
  for (let level = 0; level < levels; level++) {
    const base = Math.round(topPrice * (1 - level * 0.2)) * 100;
    const prices = new Map<number, number>(types.map((tt, i) => [tt, i === 0 ? base : Math.round((base * (i === 1 ? 0.75 : 0.5)) / 100) * 100]));
    setIds.push(await ensurePriceSet(tx, eventId, prices));
  }
  await tx.query(
    `INSERT INTO event_sections (event_id, section_id, price_set_id, seats_count)
     SELECT $1, sec.id, ($3::bigint[])[1 + (sec.position * $4 / greatest(1, counts.n))],
            CASE WHEN sec.general_admission THEN sec.capacity ELSE 0 END
       FROM map_sections sec
       CROSS JOIN (SELECT count(*)::int AS n FROM map_sections WHERE map_id = $2) counts
      WHERE sec.map_id = $2 AND (sec.position * 7919 % 100) < $5`,
    [eventId, mapId, setIds, levels, Math.round(share * 100)],
  );
}
