import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchReportPage } from '../../api/reportDownloads';
import { reportSearch } from '../../api/reportsApi';
import { useAppDispatch } from '../../app/hooks';
import type { AccountingResponse, AccountingRow, ReportQuery } from '../../contracts/reports';

/** The table shows at most this many rows; the CSV has them all. */
export const ACCOUNTING_TABLE_LIMIT = 100_000;
/** Rows per request: a page's JSON (about 1 MB) parses in a few milliseconds, so no page stalls the screen. */
const PAGE_ROWS = 2500;

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
    const abort = new AbortController();
    rows.current = [];
    setState({ count: null, loading: true, error: null, version: 0 });
    void (async () => {
      let after: string | undefined;
      try {
        for (let page = 1; ; page++) {
          const path = `reports/accounting${reportSearch({ ...params, after, per_page: PAGE_ROWS })}`;
          const body = await fetchReportPage<AccountingResponse>(dispatch, path, abort.signal);
          // Pushing keeps one array (no copy of 100,000 references per page).
          for (const row of body.data) rows.current.push(row);
          const done = !body.next || rows.current.length >= ACCOUNTING_TABLE_LIMIT;
          setState({ count: body.count, loading: !done, error: null, version: page });
          if (done) return;
          after = body.next ?? undefined;
        }
      } catch (err) {
        if (!abort.signal.aborted) setState((s) => ({ ...s, loading: false, error: (err as Error).message }));
      }
    })();
    return () => abort.abort();
  }, [params, attempt, dispatch]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { rows: rows.current, count: state.count, loading: state.loading, error: state.error, retry };
}
