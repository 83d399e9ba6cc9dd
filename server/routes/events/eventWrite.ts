import { EVENT_DEFAULTS } from '../../../src/domain/eventForm';
import type { Queryable } from '../../db/database';
import { HttpError, throwIfInvalid } from '../../httpErrors';
import type { EventInput } from './eventInput';
import { deleteImageIfUnused, storeImage, type UploadedImage } from '../../media/images';

/** Storing the event form: one INSERT or one UPDATE of the event, its two translations and its image, in a transaction. */


async function storeTranslations(tx: Queryable, eventId: number, input: EventInput, genreName: string) {
  for (const t of input.translations) {
    await tx.query(
      `INSERT INTO event_translations (event_id, language, name, description, performer_name, genre)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (event_id, language) DO UPDATE
         SET name = EXCLUDED.name, description = EXCLUDED.description, performer_name = EXCLUDED.performer_name, genre = EXCLUDED.genre`,
      [eventId, t.language, t.name, t.description, t.performer_name, genreName],
    );
  }
}

async function genreName(tx: Queryable, genre: number | null): Promise<string> {
  if (genre === null) return '';
  const { rows } = await tx.query<{ name: string }>('SELECT name FROM genres WHERE id = $1', [genre]);
  return rows[0]?.name ?? '';
}

export async function createEvent(tx: Queryable, input: EventInput, promoterId: number, image: UploadedImage | null): Promise<number> {
  const mediumId = image ? await storeImage(tx, image) : null;
  const membership = input.behaviour_type === 'membership_card';
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO events (promoter_id, entity_type, behaviour_type, type, genre_id, venue_id, map_id, start_date, end_date,
                         tickets_release_date, venue_open_date, notes, social_links, ticket_vat, medium_id,
                         max_number_tickets, reservation_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
    [
      promoterId, input.entity_type, input.behaviour_type, input.type, input.genre, input.venue, input.map,
      input.start_date, input.end_date, input.tickets_release_date, membership ? null : input.venue_open_date,
      input.notes, JSON.stringify(input.social_links), membership ? 0 : input.ticket_vat ?? EVENT_DEFAULTS.ticket_vat,
      mediumId,
      input.max_number_tickets === undefined ? EVENT_DEFAULTS.max_number_tickets : input.max_number_tickets,
      input.reservation_time ?? EVENT_DEFAULTS.reservation_time,
    ],
  );
  const id = Number(rows[0].id);
  await storeTranslations(tx, id, input, await genreName(tx, input.genre));
  return id;
}

/**
 * Saves the form over an event already locked by the caller. The map stays once the event is priced or part of a
 * season (prices and the season's rule hang on it). With `updated_at` the save is refused when someone saved between
 * the read and this write.
 */
export async function updateEvent(
  tx: Queryable,
  current: { id: number; map_id: number; entity_type: string; seasonal_event_id: number | null },
  input: EventInput,
  image: UploadedImage | null,
): Promise<void> {
  if (input.map !== current.map_id) {
    const { rows } = await tx.query<{ priced: boolean; children: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM event_sections WHERE event_id = $1) OR EXISTS (SELECT 1 FROM event_seats WHERE event_id = $1) AS priced,
              EXISTS (SELECT 1 FROM events WHERE seasonal_event_id = $1) AS children`,
      [current.id],
    );
    if (rows[0].priced) throwIfInvalid({ map: 'The map cannot change once seats are priced: release the prices first.' });
    if (rows[0].children || current.seasonal_event_id !== null) {
      throwIfInvalid({ map: 'The map cannot change while the event is part of a seasonal event.' });
    }
  }
  const replaced = image ? (await tx.query<{ medium_id: number | null }>('SELECT medium_id FROM events WHERE id = $1', [current.id])).rows[0]?.medium_id ?? null : null;
  const mediumId = image ? await storeImage(tx, image) : null;
  const membership = input.behaviour_type === 'membership_card';
  const result = await tx.query(
    `UPDATE events SET behaviour_type = $2, type = $3, genre_id = $4, venue_id = $5, map_id = $6, start_date = $7,
            end_date = $8, tickets_release_date = $9, venue_open_date = $10, notes = $11, social_links = $12,
            ticket_vat = $13, medium_id = coalesce($14, medium_id),
            max_number_tickets = CASE WHEN $16::boolean THEN $17::int ELSE max_number_tickets END,
            reservation_time = coalesce($18::int, reservation_time), updated_at = clock_timestamp()
      WHERE id = $1 AND ($15::text IS NULL OR updated_at::text = $15::text)`,
    [
      current.id, input.behaviour_type, input.type, input.genre, input.venue, input.map, input.start_date, input.end_date,
      input.tickets_release_date, membership ? null : input.venue_open_date, input.notes, JSON.stringify(input.social_links),
      membership ? 0 : input.ticket_vat ?? EVENT_DEFAULTS.ticket_vat, mediumId, input.updated_at,
      input.max_number_tickets !== undefined, input.max_number_tickets ?? null, input.reservation_time ?? null,
    ],
  );
  if (result.rowCount === 0) {
    throw new HttpError(409, 'edit_conflict', 'Someone else saved this event in the meantime. Reload it and make your changes again.');
  }
  await deleteImageIfUnused(tx, replaced);
  await storeTranslations(tx, current.id, input, await genreName(tx, input.genre));
}
