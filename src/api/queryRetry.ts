import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** Spec 002 §9: a query is retried once. */
export const QUERY_RETRIES = 1;

/**
 * Whether a failed query is worth asking again: a network failure, a timeout or a server error (5xx) may pass on a
 * second try; a 4xx answer says the request itself is refused and would be refused again (a 401 also ends the
 * session). Mutations are never retried: a write that timed out may already have happened.
 */
export function isRetryableQueryError(error: FetchBaseQueryError): boolean {
  if (typeof error.status === 'number') return error.status >= 500;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}
