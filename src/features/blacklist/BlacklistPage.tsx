import { displayDay } from '../../domain/displayDates';
import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useGetProfileQuery } from '../../api/authApi';
import { errorMessage } from '../../api/errorMessage';
import { useListBlacklistQuery, useRemoveFromBlacklistMutation } from '../../api/peopleApi';
import type { BlacklistEntry } from '../../contracts/people';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { BlacklistEntryDialog } from './BlacklistEntryDialog';

const PER_PAGE = 10;
/** Lists show days as dd.mm.yyyy (issue 38: one date format); the expiry input keeps the spec's YYYY-MM-DD. */
const day = (iso: string) => displayDay(iso);
/** Names repeat; the email tells two people apart for the row and its menu. */
const who = (e: BlacklistEntry) => (e.user.email ? `${e.user.name} (${e.user.email})` : e.user.name);

/** /blacklist (002 §2 Blacklist): a promoter's own list (an admin's: every promoter's), 10 a page. */
export function BlacklistPage() {
  const isAdmin = useGetProfileQuery().data?.type === 'admin';
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ entry: BlacklistEntry | null } | null>(null);
  const [removing, setRemoving] = useState<BlacklistEntry | null>(null);
  const list = useListBlacklistQuery({ page, per_page: PER_PAGE });
  const [remove, removal] = useRemoveFromBlacklistMutation();
  const confirmRemove = async () => {
    if (!removing) return;
    const res = await remove(removing.id);
    if ('error' in res) notifyDanger(errorMessage(res.error));
    else notifySuccess(`${removing.user.name} was removed from the list`);
    setRemoving(null);
  };
  const columns: Column<BlacklistEntry>[] = [
    { key: 'name', header: 'Name', render: (e) => e.user.name },
    { key: 'promoter', header: 'Promoter', render: (e) => e.promoter.name },
    { key: 'phone', header: 'Phone', render: (e) => e.user.phone ?? '' },
    { key: 'email', header: 'Email', render: (e) => e.user.email ?? '' },
    { key: 'added', header: 'Added on', render: (e) => day(e.created_at) },
    { key: 'expires', header: 'Expiration Date', render: (e) => <>{day(e.expire_date)}{e.active ? null : <> <Tag minimal>Expired</Tag></>}</> },
    {
      key: 'menu', header: '', className: 'cell-menu',
      render: (e) => (
        <RowMenu
          label={`Actions for ${who(e)}`}
          items={[
            { text: 'Edit', icon: 'edit', onClick: () => setDialog({ entry: e }) },
            { text: 'Remove From List', icon: 'trash', intent: 'danger', onClick: () => setRemoving(e) },
          ]}
        />
      ),
    },
  ];
  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">Blacklist</h1>
        <Button intent="primary" icon="plus" text="Add User" onClick={() => setDialog({ entry: null })} />
      </div>
      {list.isLoading ? (
        <LoadingSpinner label="Loading the blacklist" />
      ) : !list.data ? (
        <RetryPanel onRetry={list.refetch} />
      ) : (
        <>
          <DataTable label="Blacklist" columns={columns} rows={list.data.collection} rowKey={(e) => e.id} rowLabel={who} />
          <Pager page={page} count={list.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
      {dialog ? <BlacklistEntryDialog entry={dialog.entry} isAdmin={isAdmin} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        isOpen={removing !== null} title="Remove From List" confirmText="Remove From List" intent="danger" loading={removal.isLoading}
        onConfirm={() => void confirmRemove()} onClose={() => setRemoving(null)}
      >
        <p>Remove {removing?.user.name} from {removing?.promoter.name}'s blacklist? They can receive tickets again at once.</p>
      </ConfirmDialog>
    </div>
  );
}
