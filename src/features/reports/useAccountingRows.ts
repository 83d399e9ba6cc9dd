import { useCallback, useEffect, useRef, useState } from 'react';
import { reportsApi } from '../../api/reportsApi';
import { errorMessage } from '../../api/errorMessage';
import { useAppDispatch } from '../../app/hooks';
import type { AccountingRow, ReportQuery } from '../../contracts/reports';

/** The table shows at most this many rows; the CSV has them all. */
export const ACCOUNTING_TABLE_LIMIT = 100_000;
/** Rows per request: each page's JSON parses in a few milliseconds, so the screen never stalls on one. */
const PAGE_ROWS = 5000;

export interface AccountingRows {
  rows: readonly AccountingRow[];
  /** Rows in the whole period. */
  count: number | null;
  loading: boolean;
  error: string | null;
  retry: () => void;
}

/**
 * The Accounting Reporting rows of a filter, fetched page after page (keyset `next`) up to the table's limit. The
 * table grows as pages arrive; a new filter or leaving the screen stops the loading.
 */
export function useAccountingRows(params: ReportQuery | null): AccountingRows {
  const dispatch = useAppDispatch();
  const rows = useRef<AccountingRow[]>([]);
  const [state, setState] = useState<{ count: number | null; loading: boolean; error: string | null; version: number }>(
    { count: null, loading: false, error: null, version: 0 },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!params) return;
    let stopped = false;
    rows.current = [];
    setState({ count: null, loading: true, error: null, version: 0 });
    void (async () => {
      let after: string | undefined;
      for (let page = 0; !stopped; page++) {
        const request = dispatch(reportsApi.endpoints.getAccountingPage.initiate({ params, after, perPage: PAGE_ROWS }, { forceRefetch: true }));
        const result = await request;
        request.unsubscribe();
        if (stopped) return;
        if (result.error || !result.data) {
          setState((s) => ({ ...s, loading: false, error: errorMessage(result.error) }));
          return;
        }
        rows.current = rows.current.concat(result.data.data);
        const done = !result.data.next || rows.current.length >= ACCOUNTING_TABLE_LIMIT;
        setState({ count: result.data.count, loading: !done, error: null, version: page + 1 });
        if (done) return;
        after = result.data.next ?? undefined;
      }
    })();
    return () => {
      stopped = true;
    };
  }, [params, attempt, dispatch]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { rows: rows.current, count: state.count, loading: state.loading, error: state.error, retry };
}
