import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../contracts/platform';
import type { TokenResponse } from '../contracts/auth';
import { signedOut, tokenRefreshed } from './sessionSlice';
import { isNetworkFailure, TOKEN_REFRESH_MARGIN_SECONDS, tokenExpiry } from './session';
import { isRetryableQueryError, QUERY_RETRIES } from './queryRetry';

interface SessionRoot {
  session: { token: string | null };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api/',
  prepareHeaders: (headers, { getState }) => {
    headers.set(PLATFORM_HEADER, PLATFORM_ADMIN);
    const token = (getState() as SessionRoot).session.token;
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

// One refresh at a time: concurrent requests that find the token about to expire wait for the same refresh.
let refreshing: Promise<string | null> | null = null;

/**
 * The token to send: the session's, refreshed first when it expires within 5 s; null when signed out or when the
 * refresh failed (which ends the session).
 */
async function sessionToken(api: BaseQueryApi, extra: object): Promise<string | null> {
  const token = (api.getState() as SessionRoot).session.token;
  if (!token || tokenExpiry(token) - Date.now() / 1000 >= TOKEN_REFRESH_MARGIN_SECONDS) return token;
  refreshing ??= (async () => {
    const res = await rawBaseQuery('auth/refresh', api, extra);
    const fresh = res.data ? (res.data as TokenResponse).token : null;
    if (fresh) api.dispatch(tokenRefreshed(fresh));
    // No answer at all (offline): the session is kept until the server answers (docs/boxoffice.md "Selling offline").
    else if (isNetworkFailure(res.error)) return token;
    else api.dispatch(signedOut('Your session has expired. Sign in again.'));
    return fresh;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * `dispatch(freshToken())`: the token as the base query would send it, for the few calls made with plain fetch
 * (src/api/reportDownloads.ts), so they are refreshed the same way.
 */
export const freshToken = (): ThunkAction<Promise<string | null>, unknown, unknown, UnknownAction> => (dispatch, getState) =>
  sessionToken({ dispatch, getState, signal: new AbortController().signal, abort: () => undefined, extra: undefined, endpoint: 'auth/refresh', type: 'query' }, {});

/**
 * Every call: platform header and bearer token; a token expiring within 5 s is refreshed first; a failed
 * refresh or any 401 clears the session (the router then shows /login).
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  if ((api.getState() as SessionRoot).session.token && !(await sessionToken(api, extra))) {
    return { error: { status: 401, data: { error: { code: 'unauthorized', message: 'Your session has expired. Sign in again.' } } } };
  }
  let result = await rawBaseQuery(args, api, extra);
  // Spec 002 §9: a query that failed for a reason a second try may cure is asked once more.
  for (let attempt = 0; attempt < QUERY_RETRIES && api.type === 'query' && result.error && isRetryableQueryError(result.error) && !api.signal.aborted; attempt++) {
    result = await rawBaseQuery(args, api, extra);
  }
  if (result.error?.status === 401 && (api.getState() as SessionRoot).session.token) {
    api.dispatch(signedOut('Your session has ended. Sign in again.'));
  }
  return result;
};

/** The console's one API. Each domain injects its endpoints in src/api/<domain>Api.ts. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // Spec 002 §9: queries retry once (baseQuery) and do not refetch on window focus (and no focus listener is set up).
  refetchOnFocus: false,
  refetchOnReconnect: false,
  tagTypes: ['Profile', 'Event', 'EventStats', 'TicketType', 'Season', 'Venue', 'VenueMap', 'Sections', 'Report', 'Restrictions', 'ScannerEvents', 'User', 'Promoter', 'ServiceFees', 'Blacklist', 'Corporate', 'CorporateReservation', 'Order', 'AuditLog', 'CrmSegment', 'Merchandise', 'Reservation', 'Promo', 'Ombud', 'PlatformSettings', 'DefaultServiceFee', 'VatCategory', 'Faq', 'ForgetUser', 'StaffUser', 'Affiliate', 'SeatLease', 'BoxOfficeShift'],
  endpoints: () => ({}),
});
