/**
 * Report data too big for the RTK Query cache: files the server streams (AccountingReport.csv, ScanningReport.csv),
 * read with progress and cancel into a Blob, and the pages of the accounting table (100,000 rows). Storing such
 * pages in the Redux store cost a long task per page (immer walks and freezes every row object, RTK Query compares
 * them with the previous answer), so they are fetched here, with the same headers as the base query, and the
 * screen keeps them. This is the API layer's only other use of fetch. The token is the base query's (refreshed
 * when it is about to expire), and a 401 ends the session as it does there.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../contracts/platform';
import { freshToken } from './api';
import { signedOut } from './sessionSlice';

/** The store's dispatch (useAppDispatch()): these calls take the session's token through it. */
export type SessionDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export interface StreamDownloadOptions {
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  dispatch: SessionDispatch;
  /** Lines (CSV rows) received so far. */
  onProgress?: (rows: number) => void;
  signal?: AbortSignal;
}

function headersFor(token: string | null, accept: string, json: boolean): Record<string, string> {
  const headers: Record<string, string> = { [PLATFORM_HEADER]: PLATFORM_ADMIN, accept };
  if (token) headers.authorization = `Bearer ${token}`;
  if (json) headers['content-type'] = 'application/json';
  return headers;
}

/** A fetch of /api/{path} with the session's fresh token; a refused token (401) ends the session. */
async function sessionFetch(dispatch: SessionDispatch, path: string, init: RequestInit, accept: string, json: boolean): Promise<Response> {
  const token = await dispatch(freshToken());
  const res = await fetch(`/api/${path}`, { ...init, headers: headersFor(token, accept, json) });
  if (res.status === 401 && token) dispatch(signedOut('Your session has ended. Sign in again.'));
  return res;
}

async function failure(res: Response): Promise<Error> {
  const text = await res.text().catch(() => '');
  try {
    const message = (JSON.parse(text) as { error?: { message?: string } }).error?.message;
    if (message) return new Error(message);
  } catch {
    // not JSON: the general message below
  }
  return new Error(res.status === 401 ? 'Your session has ended. Sign in again.' : 'The report could not be loaded. Please try again.');
}

/** One JSON page of a report, outside the cache (see the file comment). */
export async function fetchReportPage<T>(dispatch: SessionDispatch, path: string, signal?: AbortSignal): Promise<T> {
  const res = await sessionFetch(dispatch, path, { signal }, 'application/json', false);
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

/** The whole response as a Blob, read chunk by chunk; rejects with the server's message on an error status. */
export async function streamDownload({ path, method = 'GET', body, dispatch, onProgress, signal }: StreamDownloadOptions): Promise<Blob> {
  const init = { method, body: body === undefined ? undefined : JSON.stringify(body), signal };
  const res = await sessionFetch(dispatch, path, init, 'text/csv', body !== undefined);
  if (!res.ok || !res.body) throw await failure(res);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    // Counting line feeds is cheap (no decoding) and tells the progress bar how far the rows have come.
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    onProgress?.(Math.max(0, lines - 1));
  }
  return new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'text/csv' });
}
