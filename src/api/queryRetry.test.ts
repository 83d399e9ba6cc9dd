import { describe, expect, it } from 'vitest';
import { isRetryableQueryError, QUERY_RETRIES } from './queryRetry';

describe('query retry (002 §9: queries retry once)', () => {
  it('retries once', () => expect(QUERY_RETRIES).toBe(1));
  it('retries network failures, timeouts and server errors', () => {
    expect(isRetryableQueryError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(true);
    expect(isRetryableQueryError({ status: 'TIMEOUT_ERROR', error: 'timeout' })).toBe(true);
    expect(isRetryableQueryError({ status: 500, data: null })).toBe(true);
    expect(isRetryableQueryError({ status: 503, data: null })).toBe(true);
  });
  it('does not retry refusals (4xx) or unreadable answers', () => {
    for (const status of [400, 401, 403, 404, 422]) expect(isRetryableQueryError({ status, data: null })).toBe(false);
    expect(isRetryableQueryError({ status: 'PARSING_ERROR', originalStatus: 200, data: '', error: 'bad json' })).toBe(false);
  });
});
