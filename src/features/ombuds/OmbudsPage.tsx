import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useGetProfileQuery } from '../../api/authApi';
import { errorMessage } from '../../api/errorMessage';
import { useDeleteOmbudMutation, useGetOmbudsQuery } from '../../api/promosApi';
import type { Ombud } from '../../contracts/promos';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { OmbudDialog } from './OmbudDialog';

const PER_PAGE = 10;

/** /ombuds: attendees linked to a promo code, with an add/edit modal (002 §2 "Ombuds"). */
export function OmbudsPage() {
  const [page, setPage] = useState(1);
  const isAdmin = useGetProfileQuery().data?.type === 'admin';
  const ombuds = useGetOmbudsQuery({ page, per_page: PER_PAGE });
  const [editing, setEditing] = useState<Ombud | 'new' | null>(null);
  const [removing, setRemoving] = useState<Ombud | null>(null);
  const [remove, removal] = useDeleteOmbudMutation();
  const columns: Column<Ombud>[] = [
    { key: 'name', header: 'Name', render: (o) => o.attendee.name },
    { key: 'phone', header: 'Phone', render: (o) => o.attendee.phone ?? '' },
    { key: 'email', header: 'Email', render: (o) => o.attendee.email ?? '' },
    ...(isAdmin ? [{ key: 'promoter', header: 'Promoter', render: (o: Ombud) => o.promoter.name }] : []),
    { key: 'code', header: 'Promo code', render: (o) => (o.discount ? <code>{o.discount.promo_code}</code> : '') },
    { key: 'usages', header: 'Usages', render: (o) => (o.discount ? String(o.discount.usages_count) : '') },
    { key: 'date', header: 'Date', render: (o) => o.selectedDate ?? '' },
    {
      key: 'menu', header: '', className: 'cell-menu',
      render: (o) => (
        <RowMenu
          label={`Actions for ${o.attendee.name}`}
          items={[
            { text: 'Edit', icon: 'edit', onClick: () => setEditing(o) },
            { text: 'Remove', icon: 'trash', intent: 'danger', onClick: () => setRemoving(o) },
          ]}
        />
      ),
    },
  ];
  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">Ombuds</h1>
        <Button intent="primary" icon="plus" text="Add Ombud" onClick={() => setEditing('new')} />
      </div>
      {ombuds.isLoading ? (
        <LoadingSpinner label="Loading ombuds" />
      ) : !ombuds.data ? (
        <RetryPanel onRetry={ombuds.refetch} />
      ) : (
        <>
          <DataTable label="Ombuds" columns={columns} rows={ombuds.data.collection} rowKey={(o) => o.id} emptyText="No ombuds created yet" />
          <Pager page={page} count={ombuds.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
      {editing ? <OmbudDialog ombud={editing === 'new' ? null : editing} isAdmin={isAdmin} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        isOpen={Boolean(removing)}
        title="Remove ombud"
        confirmText="Remove"
        intent="danger"
        loading={removal.isLoading}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          const res = await remove(removing!.id);
          if ('error' in res) notifyDanger(errorMessage(res.error));
          else notifySuccess('Ombud removed');
          setRemoving(null);
        }}
      >
        Remove {removing?.attendee.name} as an ombud?
      </ConfirmDialog>
    </div>
  );
}
