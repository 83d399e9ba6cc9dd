import type { FastifyInstance } from 'fastify';
import { IdParams } from '../../../src/contracts/common';
import { OutboxList, OutboxListQuery, OutboxMessageDetail, OutboxSetup } from '../../../src/contracts/outbox';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/database';
import { notFound } from '../../httpErrors';
import { ADMIN_ONLY, CONSOLE_USERS } from '../../plugins/auth';
import { outboxMessage, outboxPage } from '../../outbox/outboxQueries';
import { channelSetup } from '../../outbox/transports';

/**
 * The Outbox (docs/outbox.md): every message the product sends, for admins, and a message in full, as a local mail
 * viewer shows it (the default with no provider configured is that the messages stay here). The setup call tells
 * every console screen which channels really leave the server, so each can say what happened.
 */
export async function outboxRoutes(app: FastifyInstance, opts: { db: Db; config: ServerConfig }) {
  const { db, config } = opts;

  app.get('/api/outbox/setup', {
    config: { access: CONSOLE_USERS },
    schema: { response: { 200: OutboxSetup } },
  }, async () => ({ ...channelSetup(config), shop_url: config.shopUrl || null }));

  app.get('/api/outbox', {
    config: { access: ADMIN_ONLY },
    schema: { querystring: OutboxListQuery, response: { 200: OutboxList } },
  }, async (request) => outboxPage(db, request.query as OutboxListQuery));

  app.get('/api/outbox/:id', {
    config: { access: ADMIN_ONLY },
    schema: { params: IdParams, response: { 200: OutboxMessageDetail } },
  }, async (request) => {
    const message = await outboxMessage(db, (request.params as { id: number }).id, config.mailFrom);
    if (!message) throw notFound('Message');
    return message;
  });
}
