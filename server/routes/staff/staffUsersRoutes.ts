import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { StaffListQuery, StaffUser, StaffUserBody, StaffUserList } from '../../../src/contracts/staff';
import type { Db } from '../../db/database';
import { BACK_OFFICE, sessionUser } from '../../plugins/auth';
import { createStaff, listStaff, readStaff, updateStaff, type StaffType } from './staffUsers';

/**
 * Scanner-app users and box-office users (002 §2, §7), created by an admin or their promoter. Paths per type
 * (docs/staff.md): GET/PUT api/users stays the people area's, whose status call (PUT api/users/{id}/status) the
 * console uses to activate and deactivate these users too.
 */
export async function staffUsersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const kinds: { path: string; type: StaffType; kind: string }[] = [
    { path: 'scanner-users', type: 'scanner', kind: 'scanner' },
    { path: 'boxoffice-users', type: 'boxoffice', kind: 'boxoffice_user' },
  ];
  for (const { path, type, kind } of kinds) {
    const owned = { access: BACK_OFFICE, owns: { id: kind } };
    app.get(`/api/${path}`, { config: { access: BACK_OFFICE }, schema: { querystring: StaffListQuery, response: { 200: StaffUserList } } }, async (request) =>
      listStaff(db, sessionUser(request), type, request.query as StaffListQuery));

    app.get(`/api/${path}/:id`, { config: owned, schema: { params: IdParams, response: { 200: StaffUser } } }, async (request) =>
      readStaff(db, sessionUser(request), type, (request.params as { id: number }).id));

    app.post(`/api/${path}`, { config: { access: BACK_OFFICE }, schema: { body: StaffUserBody, response: { 201: StaffUser } } }, async (request, reply) => {
      const created = await db.transaction((tx) => createStaff(tx, sessionUser(request), type, request.body as StaffUserBody));
      return reply.status(201).send(created);
    });

    app.put(`/api/${path}/:id`, { config: owned, schema: { params: IdParams, body: StaffUserBody, response: { 200: StaffUser } } }, async (request) =>
      db.transaction((tx) => updateStaff(tx, sessionUser(request), type, (request.params as { id: number }).id, request.body as StaffUserBody)));
  }
}
