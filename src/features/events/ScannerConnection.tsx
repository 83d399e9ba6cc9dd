import { Callout, ProgressBar } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useConnectUserEventsMutation, useLazyGetUserEventsQuery, useLazyGetUsersQuery } from '../../api/usersApi';

/**
 * After publishing (000 §4): the event is connected to each of the promoter's scanner users, one at a time,
 * shown as "n of total".
 */
export function ScannerConnection({ eventId, promoterId }: { eventId: number; promoterId: number }) {
  const [listScanners] = useLazyGetUsersQuery();
  const [readEvents] = useLazyGetUserEventsQuery();
  const [connect] = useConnectUserEventsMutation();
  const [done, setDone] = useState(0);
  const [total, setTotal] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const scanners = await listScanners({ type: 'scanner', promoter_id: promoterId, per_page: 500 });
      if (!scanners.data) return setFailure(errorMessage(scanners.error));
      setTotal(scanners.data.collection.length);
      for (const [i, scanner] of scanners.data.collection.entries()) {
        const current = await readEvents(scanner.id);
        if (current.data?.collection.some((e) => e.id === eventId)) {
          setDone(i + 1);
          continue;
        }
        const res = await connect({ userId: scanner.id, events: [eventId] });
        if ('error' in res) return setFailure(`${scanner.name}: ${errorMessage(res.error)}`);
        setDone(i + 1);
      }
    })();
  }, [connect, eventId, listScanners, promoterId, readEvents]);

  if (failure) return <Callout intent="danger" role="alert">Connecting the scanner users failed: {failure}</Callout>;
  if (total === null) return <p>Finding the scanner users…</p>;
  if (total === 0) return <p>The promoter has no scanner users to connect.</p>;
  return (
    <div className="scanner-progress" role="status">
      <p>Scanner users connected: {done} of {total}</p>
      <ProgressBar value={done / total} stripes={done < total} intent={done === total ? 'success' : 'primary'} aria-label="Scanner users connected" />
    </div>
  );
}
