import { Type, type Static } from 'typebox';

/** `{error: {code, message}}`: every refusal that is not about one field. */
export const ErrorResponse = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String() }),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

/** `{validation_errors: {field: [messages]}}`: the spec's messages, per form field. */
export const ValidationErrorResponse = Type.Object({
  validation_errors: Type.Record(Type.String(), Type.Array(Type.String())),
});
export type ValidationErrorResponse = Static<typeof ValidationErrorResponse>;

/** A record id in a path: plain decimal digits (the server refuses `0x14`, `2e1`), within JavaScript's exact range. */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const IdParams = Type.Object({ id: Id });
/** A route on one item of a reservation or order: `/…/{id}/items/{itemId}/…`. */
export const ItemParams = Type.Object({ id: Id, itemId: Id });
/** A count or quantity stored in an int4 column. */
export const Int4Count = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
/** Money in SEK with at most 2 decimals, whose öre fit an int4 column. */
export const MoneySek = Type.Number({ minimum: 0, maximum: 21_474_836.47 });

export const MessageResponse = Type.Object({ message: Type.String() });

/** Query of a paged list; lists answer `{collection, count}`. */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 30 })),
});

export { PLATFORM_ADMIN, PLATFORM_HEADER } from './platform';

/** An answer with no body (204). */
export const NoContent = Type.Null();

/** GET api/health: for load balancers. */
export const HealthResponse = Type.Object({ status: Type.Literal('ok'), database: Type.String() });
