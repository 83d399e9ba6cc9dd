import type { FastifyInstance } from 'fastify';
import { IdParams, MessageResponse } from '../../../src/contracts/common';
import { ListQuery, Ombud, OmbudBody, OmbudList, PersonList, PersonSearchQuery } from '../../../src/contracts/promos';
import { formatFormDate, isoDay, parseFormDate } from '../../../src/domain/dates';
import { FORM_MESSAGES } from '../../../src/domain/forms';
import { readCount } from '../../../src/domain/promoCodes';
import type { Db, Queryable } from '../../db/database';
import { notFound, ValidationError } from '../../httpErrors';
import { BACK_OFFICE, scopedPromoterId, sessionUser, type SessionUser } from '../../plugins/auth';
import { INT4_MAX } from './promoQueries';
import { isLinkedAttendee, searchAttendees } from '../../people/linkedPeople';

const back = { access: BACK_OFFICE };
const owned = { access: BACK_OFFICE, owns: { id: 'ombud' } };

const SELECT = `
  SELECT o.id, o.promoter_id, p.name AS promoter_name, u.id AS attendee_id, u.name AS attendee_name, u.phone, u.email,
         to_char(o.selected_date, 'YYYY-MM-DD') AS selected_date,
         d.id AS discount_id, d.promo_code, d.value::float8 AS value, d.type, to_char(d.expire_date, 'YYYY-MM-DD') AS expire_date, d.active,
         (SELECT count(DISTINCT i.order_id) FROM order_items i WHERE i.discount_id = d.id AND i.valid)::int AS usages_count
    FROM ombuds o
    JOIN promoters p ON p.id = o.promoter_id
    JOIN users u ON u.id = o.attendee_id
    LEFT JOIN discounts d ON d.id = o.discount_id`;

type Row = Record<string, unknown>;
function ombudFromRow(r: Row): Ombud {
  const day = r.selected_date ? new Date(`${r.selected_date as string}T00:00:00`) : null;
  return {
    id: Number(r.id),
    promoter: { id: Number(r.promoter_id), name: String(r.promoter_name) },
    attendee: { id: Number(r.attendee_id), name: String(r.attendee_name), phone: (r.phone as string) ?? null, email: (r.email as string) ?? null },
    discount:
      r.discount_id === null
        ? null
        : {
            id: Number(r.discount_id), promo_code: String(r.promo_code), value: Number(r.value), type: String(r.type),
            expire_date: (r.expire_date as string) ?? null, usages_count: Number(r.usages_count), active: Boolean(r.active),
          },
    selectedDate: day ? formatFormDate(day) : null,
  };
}

async function readOmbud(db: Queryable, user: SessionUser, id: number): Promise<Ombud> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE o.id = $1 AND ($2::bigint IS NULL OR o.promoter_id = $2)`, [id, scopedPromoterId(user)]);
  if (!rows[0]) throw notFound('Ombud');
  return ombudFromRow(rows[0]);
}

const idOf = (v: unknown) => {
  const n = readCount(v as string | number | null);
  return n !== null && n <= INT4_MAX ? n : null;
};

/** Ombud form (002 §5): attendee required unless editing, promoter required for admin, the code the promoter's own. */
async function checkOmbud(db: Queryable, user: SessionUser, body: OmbudBody, editing: { promoterId: number } | null) {
  const errors: Record<string, string[]> = {};
  let promoter: number | null = user.type === 'admin' ? idOf(body.promoter) : scopedPromoterId(user);
  if (user.type === 'admin' && promoter === null && editing) promoter = editing.promoterId;
  if (promoter !== null && !(await db.query('SELECT 1 FROM promoters WHERE id = $1', [promoter])).rows[0]) promoter = null;
  if (promoter === null) errors.promoter = [FORM_MESSAGES.required];

  let attendee: number | null = null;
  if (body.attendee !== undefined && body.attendee !== null && body.attendee !== '') {
    attendee = idOf(body.attendee);
    // A promoter links only a person the picker would show them: the answer carries the person's phone and e-mail.
    if (attendee !== null && !(await isLinkedAttendee(db, attendee, user.type === 'admin' ? null : promoter))) attendee = null;
    if (attendee === null) errors.attendee = ['Choose an attendee'];
  } else if (!editing) errors.attendee = [FORM_MESSAGES.required];

  let discount: number | null = null;
  if (body.discount !== undefined && body.discount !== null && body.discount !== '') {
    discount = idOf(body.discount);
    const found = discount !== null && promoter !== null && (await db.query('SELECT 1 FROM discounts WHERE id = $1 AND promoter_id = $2', [discount, promoter])).rows[0];
    if (!found) errors.discount = ['Choose a promo code of this promoter'];
  }
  let selected: string | null = null;
  if (body.selectedDate) {
    const day = parseFormDate(body.selectedDate);
    if (!day) errors.selectedDate = ['Enter a date as dd.mm.yyyy'];
    else selected = isoDay(day);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { promoter: promoter as number, attendee, discount, selected };
}

/** Ombuds (002 §2 "Ombuds", §3, §7): an attendee linked to a promoter's promo code. */
export async function ombudsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/ombuds', { config: back, schema: { querystring: ListQuery, response: { 200: OmbudList } } }, async (request) => {
    const q = request.query as ListQuery;
    const promoter = scopedPromoterId(sessionUser(request), q.promoter ?? null);
    const perPage = q.per_page ?? 10;
    const { rows } = await db.query<Row>(`${SELECT} WHERE ($1::bigint IS NULL OR o.promoter_id = $1) ORDER BY o.id DESC LIMIT $2 OFFSET $3`, [
      promoter, perPage, ((q.page ?? 1) - 1) * perPage,
    ]);
    const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ombuds WHERE ($1::bigint IS NULL OR promoter_id = $1)', [promoter]);
    return { collection: rows.map(ombudFromRow), count: count.rows[0].n };
  });

  /**
   * The attendee picker of the ombud form: name, email or phone (the phone as 002 §5 normalises it); a promoter finds
   * only the people linked to them, as the blacklist's search (issue 34).
   */
  app.get('/api/ombuds/attendees', { config: back, schema: { querystring: PersonSearchQuery, response: { 200: PersonList } } }, async (request) =>
    searchAttendees(db, (request.query as { search: string }).search, scopedPromoterId(sessionUser(request))),
  );

  app.get('/api/ombuds/:id', { config: owned, schema: { params: IdParams, response: { 200: Ombud } } }, async (request) =>
    readOmbud(db, sessionUser(request), (request.params as { id: number }).id),
  );

  app.post('/api/ombuds', { config: back, schema: { body: OmbudBody, response: { 200: Ombud } } }, async (request) => {
    const user = sessionUser(request);
    return db.transaction(async (tx) => {
      const o = await checkOmbud(tx, user, request.body as OmbudBody, null);
      const { rows } = await tx.query<{ id: number }>(
        'INSERT INTO ombuds (promoter_id, attendee_id, discount_id, selected_date) VALUES ($1, $2, $3, $4::date) RETURNING id',
        [o.promoter, o.attendee, o.discount, o.selected],
      );
      return readOmbud(tx, user, Number(rows[0].id));
    });
  });

  app.put('/api/ombuds/:id', { config: owned, schema: { params: IdParams, body: OmbudBody, response: { 200: Ombud } } }, async (request) => {
    const user = sessionUser(request);
    const { id } = request.params as { id: number };
    return db.transaction(async (tx) => {
      const current = await readOmbud(tx, user, id);
      await tx.query('SELECT id FROM ombuds WHERE id = $1 FOR UPDATE', [id]);
      const o = await checkOmbud(tx, user, request.body as OmbudBody, { promoterId: current.promoter.id });
      await tx.query(
        `UPDATE ombuds SET promoter_id = $2, attendee_id = coalesce($3, attendee_id), discount_id = $4, selected_date = $5::date
          WHERE id = $1`,
        [id, o.promoter, o.attendee, o.discount, o.selected],
      );
      return readOmbud(tx, user, id);
    });
  });

  app.delete('/api/ombuds/:id', { config: owned, schema: { params: IdParams, response: { 200: MessageResponse } } }, async (request) => {
    const user = sessionUser(request);
    const { id } = request.params as { id: number };
    return db.transaction(async (tx) => {
      await readOmbud(tx, user, id);
      await tx.query('DELETE FROM ombuds WHERE id = $1', [id]);
      return { message: 'Ombud removed' };
    });
  });
}
