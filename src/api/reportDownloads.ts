/**
 * Downloads of files the server streams (AccountingReport.csv, ScanningReport.csv): a year of accounting rows is
 * too big for a JSON answer in the cache, so it is read as a stream, with progress and cancel, into a Blob.
 * This is the API layer's one direct use of fetch, next to the RTK Query base query, with the same headers.
 */
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../contracts/common';

export interface StreamDownloadOptions {
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  token: string | null;
  /** Lines (CSV rows) received so far. */
  onProgress?: (rows: number) => void;
  signal?: AbortSignal;
}

/** The whole response as a Blob, read chunk by chunk; rejects with the server's message on an error status. */
export async function streamDownload({ path, method = 'GET', body, token, onProgress, signal }: StreamDownloadOptions): Promise<Blob> {
  const headers: Record<string, string> = { [PLATFORM_HEADER]: PLATFORM_ADMIN, accept: 'text/csv' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    let message = 'The file could not be downloaded. Please try again.';
    try {
      message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
    } catch {
      // not JSON: keep the general message
    }
    throw new Error(message);
  }
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
