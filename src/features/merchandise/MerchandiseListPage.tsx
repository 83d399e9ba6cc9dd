import './merchandise.css';
import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate, useOutletContext } from 'react-router-dom';
import { errorMessage } from '../../api/errorMessage';
import { useDeleteMerchandiseMutation, useGetMerchandiseListQuery, useGetMerchandiseTypesQuery, useSetMerchandiseValidMutation } from '../../api/merchandiseApi';
import type { EventDetail, EventMerchandise } from '../../contracts/events';
import { formatCount, formatSek, oreFromSek } from '../../domain/money';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';

const PER_PAGE = 15;

/** /events/{id}/merchandise, the event's Shop (001 §2): 15 a page with 5 page links; Activate / Deactivate, Edit, Delete. */
export function MerchandiseListPage() {
  const event = useOutletContext<EventDetail>();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useGetMerchandiseListQuery({ eventId: event.id, page, per_page: PER_PAGE });
  const types = useGetMerchandiseTypesQuery();
  const [setValid] = useSetMerchandiseValidMutation();
  const [remove, removal] = useDeleteMerchandiseMutation();
  const [deleting, setDeleting] = useState<EventMerchandise | null>(null);
  const base = `/events/${event.id}/merchandise`;

  const toggle = async (m: EventMerchandise) => {
    const res = await setValid({ eventId: event.id, id: m.id, valid: !m.valid });
    if ('error' in res) notifyDanger(errorMessage(res.error, 'Something went wrong'));
    else notifySuccess(m.valid ? 'Merchandise deactivated' : 'Merchandise activated');
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const res = await remove({ eventId: event.id, id: deleting.id });
    if ('error' in res) notifyDanger(errorMessage(res.error, 'Something went wrong'));
    else notifySuccess('Merchandise deleted');
    setDeleting(null);
  };

  const columns: Column<EventMerchandise>[] = [
    { key: 'name', header: 'Name', render: (m) => m.name },
    { key: 'sku', header: 'SKU', render: (m) => m.sku ?? '' },
    { key: 'price', header: 'Price', className: 'num', render: (m) => formatSek(oreFromSek(m.price)) },
    { key: 'quantity', header: 'Quantity', className: 'num', render: (m) => formatCount(m.quantity) },
    { key: 'status', header: 'Status', render: (m) => <Tag intent={m.valid ? 'success' : 'none'} minimal={!m.valid}>{m.valid ? 'Active' : 'Inactive'}</Tag> },
    {
      key: 'menu', header: <span className="sr-only">Actions</span>, render: (m) => (
        <RowMenu
          label={`Actions for ${m.name}`}
          items={[
            { text: 'Edit', icon: 'edit', onClick: () => navigate(`${base}/${m.id}/edit`) },
            { text: m.valid ? 'Deactivate' : 'Activate', icon: m.valid ? 'disable' : 'tick-circle', onClick: () => void toggle(m) },
            { text: 'Delete', icon: 'trash', intent: 'danger', onClick: () => setDeleting(m) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="page-list merch-page">
      <div className="page-head">
        <h2 className="section-title">Shop</h2>
        <Button intent="primary" icon="plus" text="Add Merchandise" onClick={() => navigate(`${base}/create`)} />
      </div>
      {list.isLoading ? (
        <LoadingSpinner label="Loading merchandise" />
      ) : !list.data ? (
        <RetryPanel onRetry={list.refetch} detail="Something went wrong" />
      ) : list.data.count === 0 ? (
        <EmptyState
          text="What type of merchandise do you want to add?"
          action={
            <div className="merch-empty-types">
              {(types.data?.data ?? []).filter((t) => t.alias !== 'gift_card').map((t) => (
                <Button key={t.id} text={t.translations.en.name} onClick={() => navigate(`${base}/create?type=${t.id}`)} />
              ))}
            </div>
          }
        />
      ) : (
        <>
          <DataTable label="Merchandise" columns={columns} rows={list.data.collection} rowKey={(m) => m.id} rowLabel={(m) => m.name} onRowClick={(m) => navigate(`${base}/${m.id}/edit`)} />
          <Pager page={page} count={list.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
      <ConfirmDialog isOpen={deleting !== null} title="Delete merchandise" confirmText="Delete" intent="danger" loading={removal.isLoading} onConfirm={() => void confirmDelete()} onClose={() => setDeleting(null)}>
        <p>Delete "{deleting?.name}"? An item that has been sold cannot be deleted: deactivate it instead.</p>
      </ConfirmDialog>
    </div>
  );
}
