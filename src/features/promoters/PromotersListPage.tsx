import './promoters.css';
import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/errorMessage';
import { useListPromotersQuery, useSetPromoterStatusMutation } from '../../api/peopleApi';
import type { Promoter } from '../../contracts/people';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { StatusTag } from '../../ui/StatusTag';

const PER_PAGE = 10;

/** /promoters (002 §2 Promoters): 10 a page, 'Add promoter'; Activate/Deactivate refreshes the list. */
export function PromotersListPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const promoters = useListPromotersQuery({ page, per_page: PER_PAGE });
  const [setStatus] = useSetPromoterStatusMutation();
  const toggle = async (p: Promoter) => {
    const status = p.status === 'active' ? 'inactive' : 'active';
    const res = await setStatus({ id: p.id, status });
    if ('error' in res) notifyDanger(errorMessage(res.error, 'Error changing status...'));
    else notifySuccess(status === 'active' ? `${p.name} is active again` : `${p.name} is deactivated: its accounts are signed out`);
  };
  const columns: Column<Promoter>[] = [
    { key: 'name', header: 'Name', render: (p) => p.name },
    { key: 'org', header: 'Organization number', render: (p) => p.organization_number ?? '' },
    { key: 'city', header: 'City', render: (p) => p.city ?? '' },
    { key: 'email', header: 'Email', render: (p) => p.email ?? '' },
    { key: 'phone', header: 'Phone', render: (p) => p.phone ?? '' },
    { key: 'status', header: 'Status', render: (p) => <StatusTag status={p.status} /> },
    {
      key: 'menu', header: '', className: 'cell-menu',
      render: (p) => (
        <RowMenu
          label={`Actions for ${p.name}`}
          items={[
            { text: 'View', icon: 'eye-open', onClick: () => navigate(`/promoters/${p.id}`) },
            { text: 'Edit', icon: 'edit', onClick: () => navigate(`/promoters/${p.id}/edit`) },
            { text: p.status === 'active' ? 'Deactivate' : 'Activate', icon: p.status === 'active' ? 'disable' : 'tick', onClick: () => void toggle(p) },
          ]}
        />
      ),
    },
  ];
  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">Promoters</h1>
        <Button intent="primary" icon="plus" text="Add promoter" onClick={() => navigate('/promoters/create')} />
      </div>
      {promoters.isLoading ? (
        <LoadingSpinner label="Loading promoters" />
      ) : !promoters.data ? (
        <RetryPanel onRetry={promoters.refetch} />
      ) : (
        <>
          <DataTable
            label="Promoters" columns={columns} rows={promoters.data.collection} rowKey={(p) => p.id}
            rowLabel={(p) => p.name} onRowClick={(p) => navigate(`/promoters/${p.id}`)}
            busy={promoters.isFetching}
          />
          <Pager page={page} count={promoters.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
    </div>
  );
}
