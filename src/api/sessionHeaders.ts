import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../contracts/platform';
import { freshToken } from './api';
import type { SessionDispatch } from './reportDownloads';

/** The base query's headers for a request made outside it (e.g. the venue-map worker's download of an event's map). */
export async function sessionHeaders(dispatch: SessionDispatch): Promise<Record<string, string>> {
  const token = await dispatch(freshToken());
  const headers: Record<string, string> = { [PLATFORM_HEADER]: PLATFORM_ADMIN };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}
