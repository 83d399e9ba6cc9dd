/** An error meant for the caller: becomes `{error: {code, message}}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Field errors with the spec's messages: becomes `{validation_errors: {field: [messages]}}`, status 422. */
export class ValidationError extends Error {
  readonly statusCode = 422;
  constructor(readonly fields: Record<string, string[]>) {
    super('Error in entered data');
  }
}

/** Throws a ValidationError when any field has a message; `messages` maps field → message or undefined. */
export function throwIfInvalid(messages: Record<string, string | string[] | undefined | null>): void {
  const fields: Record<string, string[]> = {};
  for (const [field, msg] of Object.entries(messages)) {
    if (!msg || (Array.isArray(msg) && msg.length === 0)) continue;
    fields[field] = Array.isArray(msg) ? msg : [msg];
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found.`);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, 'forbidden', message);
