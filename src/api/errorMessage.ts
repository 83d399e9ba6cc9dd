import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

type AnyError = FetchBaseQueryError | SerializedError | undefined;

interface ServerErrorBody {
  error?: { code?: string; message?: string; seats?: { section: string; row: string; seat: string }[] };
  validation_errors?: Record<string, string[]>;
}

function body(err: AnyError): ServerErrorBody | null {
  if (!err || !('status' in err)) return null;
  return typeof err.data === 'object' && err.data ? (err.data as ServerErrorBody) : null;
}

/** The server's message, else the spec's fallback "Unknown error". */
export function errorMessage(err: AnyError, fallback = 'Unknown error'): string {
  return body(err)?.error?.message ?? fallback;
}

export function errorCode(err: AnyError): string | number | undefined {
  if (!err || !('status' in err)) return undefined;
  return body(err)?.error?.code ?? err.status;
}

/** `{field: [messages]}` of a 422, or null; forms show them beside their fields. */
export function validationErrors(err: AnyError): Record<string, string[]> | null {
  return body(err)?.validation_errors ?? null;
}

/**
 * What a failed call says in a toast or a line: a 422's field messages, else the server's message (with the seats
 * a refusal about seats names: "… cannot be leased. Parkett, row C, seat 3."), else `fallback`.
 */
export function failureText(err: AnyError, fallback = 'Unknown error'): string {
  const fields = validationErrors(err);
  if (fields) return Object.values(fields).flat().join(' ');
  const seats = body(err)?.error?.seats ?? [];
  const named = seats.length ? ` ${seats.map((s) => `${s.section}, row ${s.row}, seat ${s.seat}`).join('; ')}.` : '';
  return errorMessage(err, fallback) + (body(err)?.error?.message ? named : '');
}

/** HTTP status of a failed call, or undefined. */
export function errorStatus(err: AnyError): number | string | undefined {
  return err && 'status' in err ? err.status : undefined;
}
