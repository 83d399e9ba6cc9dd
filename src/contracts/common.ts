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

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const MessageResponse = Type.Object({ message: Type.String() });

/** Query of a paged list; lists answer `{collection, count}`. */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 30 })),
});

export const PLATFORM_HEADER = 'platform';
export const PLATFORM_ADMIN = 'admin';
