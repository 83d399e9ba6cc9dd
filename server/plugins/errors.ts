import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { schemaValidationErrors, type SchemaError } from '../http/schemaErrors';
import { HttpError, ValidationError } from '../httpErrors';

/**
 * Every failure leaves as one of the spec's two shapes. Schema failures become validation_errors keyed by
 * field; anything unexpected is logged and answered "Unknown error" without internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ValidationError) {
      return reply.status(422).send({ validation_errors: err.fields });
    }
    if (err instanceof HttpError) {
      // A refusal about seats names them (the reserve's and the lease's seat_taken, not_reservable, seat_leased).
      const seats = (err as HttpError & { seats?: unknown }).seats;
      return reply.status(err.statusCode).send({ error: { code: err.code, message: err.message, ...(Array.isArray(seats) ? { seats } : {}) } });
    }
    if (err.validation) {
      return reply.status(422).send({ validation_errors: schemaValidationErrors(err.validation as SchemaError[], err.validationContext) });
    }
    // The seat-lease guard of the database (220_seat_leases.sql): a ticket on a seat another counter leases.
    if (err.code === 'SL001') return reply.status(409).send({ error: { code: 'seat_leased', message: err.message } });
    // The seat-for-sale guard (297, 298): a ticket on a seat hidden or released while the reserve was under way.
    if (err.code === 'SH001') return reply.status(422).send({ error: { code: 'not_reservable', message: err.message } });
    // Its other side (298_taken_seat_for_sale.sql): a taken seat hidden or released by a write past the map's rules.
    if (err.code === 'SP001') return reply.status(422).send({ error: { code: 'seat_taken', message: err.message } });
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ error: { code: 'malformed_json', message: 'The request body is not valid JSON.' } });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ error: { code: 'body_too_large', message: 'The request body is too large.' } });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ error: { code: 'unsupported_media_type', message: 'This content type is not accepted here.' } });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ error: { code: 'bad_request', message: err.message || 'Unknown error' } });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal', message: 'Unknown error' } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: { code: 'not_found', message: `No API route ${request.method} ${request.url.split('?')[0]}.` } });
  });
});
