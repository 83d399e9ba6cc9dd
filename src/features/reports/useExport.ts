import { useCallback, useRef, useState } from 'react';
import { notifyDanger } from '../../ui/notify';
import type { ExportState } from '../../ui/ExportProgress';
import { formatCount } from '../../domain/money';

export interface ExportControls {
  signal: AbortSignal;
  /** done/total of the work (rows), or null while unknown. */
  progress: (done: number, total: number | null) => void;
}

/**
 * One export at a time for a screen: its progress for ExportProgress, and Cancel. A cancelled build rejects with
 * an AbortError, which is not an error to show; any other failure is told in a notification.
 */
export function useExport() {
  const [state, setState] = useState<ExportState | null>(null);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(async (label: string, work: (controls: ExportControls) => Promise<void>) => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setState({ label, progress: null });
    let lastPaint = 0;
    const progress = (done: number, total: number | null) => {
      // Progress messages can come a hundred times a second; the bar needs a few.
      const now = performance.now();
      if (now - lastPaint < 100 && done !== total) return;
      lastPaint = now;
      setState({ label, progress: total ? Math.min(1, done / total) : null, detail: `${formatCount(done)} rows` });
    };
    try {
      await work({ signal: ac.signal, progress });
    } catch (err) {
      if ((err as Error).name !== 'AbortError' && !ac.signal.aborted) notifyDanger((err as Error).message || 'The file could not be built.');
    } finally {
      if (controller.current === ac) {
        controller.current = null;
        setState(null);
      }
    }
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(null);
  }, []);

  return { state, run, cancel, busy: state !== null };
}
