import type { EventDetail, EventSummary } from '../../../src/contracts/events';
import { formatApiDateTime } from '../../../src/domain/dates';
import type { Queryable } from '../../db/database';
import { assertEventVisible } from '../../events/eventAccess';
import { mediumUrl } from '../../media/images';
import type { SessionUser } from '../../plugins/auth';
import { pricingStatus } from '../../pricing/pricingStatus';
import { placesSoldSql } from '../../places/placeCounts';

/** Reading events: the list row and the detail, always within the caller's promoter scope. */

const ts = (col: string, as: string) => `to_char(${col}, 'YYYY-MM-DD HH24:MI:SS') AS ${as}`;

export const SUMMARY_COLUMNS = `
  e.id, e.promoter_id, p.name AS promoter_name, e.entity_type, e.behaviour_type, e.status,
  (e.end_date < $NOW::timestamp) AS passed,
  ${ts('e.start_date', 'start_date')}, ${ts('e.end_date', 'end_date')}, ${ts('e.tickets_release_date', 'tickets_release_date')},
  e.notes, e.venue_id, v.name_en AS venue_name, e.map_id, e.medium_id, med.public_key AS medium_key, thumb.id AS thumb_id, thumb.public_key AS thumb_key,
  e.seasonal_event_id,
  (SELECT coalesce(nullif(max(t.name) FILTER (WHERE t.language = 'en'), ''), max(t.name) FILTER (WHERE t.language = 'sv'), '')
     FROM event_translations t WHERE t.event_id = e.seasonal_event_id) AS season_name,
  (SELECT count(*) FROM events c WHERE c.seasonal_event_id = e.id)::int AS child_events_count,
  ${placesSoldSql('e.id')} AS tickets_sold,
  coalesce((SELECT json_agg(json_build_object('language', t.language, 'name', t.name, 'description', t.description,
                                              'performer_name', t.performer_name, 'genre', t.genre) ORDER BY t.language)
              FROM event_translations t WHERE t.event_id = e.id), '[]'::json) AS translations`;

export const SUMMARY_FROM = `
  FROM events e
  JOIN promoters p ON p.id = e.promoter_id
  JOIN venues v ON v.id = e.venue_id
  LEFT JOIN media med ON med.id = e.medium_id
  LEFT JOIN media thumb ON thumb.thumbnail_of = e.medium_id`;

type Row = Record<string, unknown>;
type Translation = EventSummary['translations'][number];


/** The local wall-clock "now" the queries compare with (dates are Swedish wall-clock, see src/domain/dates.ts). */
export const nowText = () => formatApiDateTime(new Date());

export function toSummary(r: Row): EventSummary {
  const translations = (typeof r.translations === 'string' ? JSON.parse(r.translations) : r.translations) as Translation[];
  const name = translations.find((t) => t.language === 'en')?.name || translations.find((t) => t.language === 'sv')?.name || '';
  const medium = r.medium_id === null ? null : { id: Number(r.medium_id), url: mediumUrl(Number(r.medium_id), String(r.medium_key)) };
  return {
    id: Number(r.id),
    name,
    translations,
    promoter: { id: Number(r.promoter_id), name: String(r.promoter_name) },
    entity_type: r.entity_type as EventSummary['entity_type'],
    behaviour_type: r.behaviour_type as EventSummary['behaviour_type'],
    membership: r.behaviour_type === 'membership_card',
    status: r.status as EventSummary['status'],
    passed: Boolean(r.passed),
    start_date: String(r.start_date),
    end_date: String(r.end_date),
    tickets_release_date: String(r.tickets_release_date),
    notes: String(r.notes ?? ''),
    venue: { id: Number(r.venue_id), name: String(r.venue_name) },
    map_id: Number(r.map_id),
    medium,
    // Images uploaded before thumbnails existed, or by clients that send none, show the image itself.
    thumbnail: r.thumb_id === null ? medium?.url ?? null : mediumUrl(Number(r.thumb_id), String(r.thumb_key)),
    seasonal_event: r.seasonal_event_id === null ? null : { id: Number(r.seasonal_event_id), name: String(r.season_name ?? '') },
    child_events_count: Number(r.child_events_count),
    tickets_delivered: Number(r.tickets_sold),
  };
}

export async function readEventDetail(db: Queryable, user: SessionUser, id: number): Promise<EventDetail> {
  await assertEventVisible(db, user, id);
  const { rows } = await db.query(
    `SELECT ${SUMMARY_COLUMNS.replace('$NOW', '$2')},
            e.type, e.genre_id, g.name AS genre_name, m.name AS map_name, m.section_count, m.seat_count,
            ${ts('e.venue_open_date', 'venue_open_date')}, e.social_links, e.ticket_vat::float8 AS ticket_vat,
            e.max_number_tickets, e.sell_on_market, e.sell_to_friend, e.resell_in_group, e.resell_max_percent,
            e.age_restriction, e.kids_allowed, e.reservation_time, e.qr_first_generation_time, e.qr_inevent_showing_time,
            e.restrictions_confirmed, e.publish_facebook_promoter, e.publish_facebook_default,
            e.updated_at::text AS updated_at_exact,
            (SELECT count(*) FROM ticket_types tt WHERE tt.event_id = e.id)::int AS ticket_types_count,
            EXISTS (SELECT 1 FROM ticket_types tt WHERE tt.event_id = e.id AND tt.kids) AS kids_ticket_type
       ${SUMMARY_FROM}
       JOIN venue_maps m ON m.id = e.map_id
       LEFT JOIN genres g ON g.id = e.genre_id
      WHERE e.id = $1`,
    [id, nowText()],
  );
  const r = rows[0] as Row;
  const pricing = await pricingStatus(db, id);
  const social = (r.social_links ?? {}) as Record<string, string>;
  return {
    ...toSummary(r),
    type: r.type as EventDetail['type'],
    genre: r.genre_id === null ? null : { id: Number(r.genre_id), name: String(r.genre_name) },
    map: { id: Number(r.map_id), name: String(r.map_name), sections_count: Number(r.section_count), seats_count: Number(r.seat_count) },
    venue_open_date: (r.venue_open_date as string | null) ?? null,
    social_links: { facebook: social.facebook ?? '', instagram: social.instagram ?? '', spotify: social.spotify ?? '' },
    ticket_vat: Number(r.ticket_vat),
    max_number_tickets: r.max_number_tickets === null ? null : Number(r.max_number_tickets),
    sell_on_market: r.sell_on_market as EventDetail['sell_on_market'],
    sell_to_friend: r.sell_to_friend as EventDetail['sell_to_friend'],
    resell_in_group: Boolean(r.resell_in_group),
    resell_max_percent: Number(r.resell_max_percent),
    age_restriction: Number(r.age_restriction),
    kids_allowed: Boolean(r.kids_allowed),
    reservation_time: Number(r.reservation_time),
    qr_first_generation_time: Number(r.qr_first_generation_time),
    qr_inevent_showing_time: r.qr_inevent_showing_time === null ? null : Number(r.qr_inevent_showing_time),
    restrictions_confirmed: Boolean(r.restrictions_confirmed),
    publish_facebook_promoter: Boolean(r.publish_facebook_promoter),
    publish_facebook_default: Boolean(r.publish_facebook_default),
    tickets_sold: Number(r.tickets_sold),
    ticket_types_count: Number(r.ticket_types_count),
    kids_ticket_type: Boolean(r.kids_ticket_type),
    pricing: { seats: pricing.seats, priced_with_default: pricing.priced_with_default, complete: pricing.complete },
    updated_at: String(r.updated_at_exact),
  };
}
