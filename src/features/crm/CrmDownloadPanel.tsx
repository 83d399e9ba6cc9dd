import { Button, Callout, Card } from '@blueprintjs/core';
import { useState } from 'react';
import { attendeesCsvPath } from '../../api/crmApi';
import { streamDownload } from '../../api/reportDownloads';
import { useAppDispatch } from '../../app/hooks';
import { CRM_MESSAGES, type CountedSegment } from '../../domain/crmFilter';
import { saveFile } from '../../ui/saveFile';
import { formatCount } from '../../domain/money';

/**
 * Download (002 §2, §6, §8): the counted segment as UserExport.csv, streamed by the server. A refusal with a
 * response (the promoter lacks can_download_emails) says the permission message; no response at all, the general one.
 */
export function CrmDownloadPanel({ segment }: { segment: CountedSegment }) {
  const dispatch = useAppDispatch();
  const [rows, setRows] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    setRows(0);
    try {
      const blob = await streamDownload({ path: attendeesCsvPath(segment.filters), dispatch, onProgress: setRows });
      saveFile(blob, 'UserExport.csv');
    } catch (err) {
      // fetch rejects with a TypeError when no response came; streamDownload rejects with an Error for a response.
      setError(err instanceof TypeError ? CRM_MESSAGES.downloadFailed : CRM_MESSAGES.noPermission);
    } finally {
      setRows(null);
    }
  };

  return (
    <Card>
      <p>
        UserExport.csv holds the {formatCount(segment.count)} {segment.count === 1 ? 'customer' : 'customers'} of the filter: name,
        e-mail, phone and country.
      </p>
      {error ? <Callout intent="danger" role="alert">{error}</Callout> : null}
      <Button intent="primary" icon="download" text="Download" loading={rows !== null} onClick={() => void download()} />
      {rows !== null ? <span className="crm-progress"> {formatCount(rows)} rows</span> : null}
    </Card>
  );
}
