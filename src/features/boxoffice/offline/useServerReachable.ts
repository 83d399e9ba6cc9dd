import { useEffect, useState } from 'react';
import { probeServer } from '../../../api/offlineSalesApi';

/**
 * Whether the counter reaches its server (issue 35: the operator knows within 3 s): the browser's offline event at
 * once, and a probe of the server every 1.5 s (answer within 1.2 s), which also sees a server or uplink that is down
 * while the browser thinks it is online.
 */
export function useServerReachable(everyMs = 1500): boolean {
  const [reachable, setReachable] = useState(() => navigator.onLine);
  useEffect(() => {
    let alive = true;
    const probe = async () => {
      const ok = await probeServer();
      if (alive) setReachable(ok);
    };
    const down = () => setReachable(false);
    const up = () => void probe();
    window.addEventListener('offline', down);
    window.addEventListener('online', up);
    void probe();
    const timer = setInterval(() => void probe(), everyMs);
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener('offline', down);
      window.removeEventListener('online', up);
    };
  }, [everyMs]);
  return reachable;
}
