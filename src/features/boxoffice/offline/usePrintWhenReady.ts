import { useCallback, useEffect, useState } from 'react';

/**
 * What the offline counter prints, one sale at a time (docs/boxoffice.md "Printing offline what was sold online"):
 * `shown` names the sale in the print host, `print(key)` puts that sale there and opens the print dialog once its QR
 * codes are drawn (the host's onReady for that very sale, not for the one shown before), then calls `onPrinted`.
 * The print host is keyed by `shown`, so a sale newly shown starts not ready.
 */
export function usePrintWhenReady(onPrinted: (key: string) => void) {
  const [shown, setShown] = useState<string | null>(null);
  const [wanted, setWanted] = useState<string | null>(null);
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const onReady = useCallback((ready: boolean) => setReadyFor(ready ? shown : null), [shown]);
  useEffect(() => {
    if (wanted === null || wanted !== readyFor) return;
    setWanted(null);
    window.print();
    onPrinted(wanted);
  }, [wanted, readyFor, onPrinted]);
  const print = useCallback((key: string) => {
    setShown(key);
    setWanted(key);
  }, []);
  return { shown, show: setShown, print, onReady };
}
