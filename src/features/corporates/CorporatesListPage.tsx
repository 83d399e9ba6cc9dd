import './corporates.css';
import { Button, Tag } from '@blueprintjs/core';
import { Link, useNavigate } from 'react-router-dom';
import type { Corporate } from '../../contracts/corporates';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { PromoterSelect } from './PromoterSelect';
import { CORPORATES_PER_PAGE, useCorporateList } from './useCorporateList';

export const EMPTY_CORPORATES = 'There no corporates for selected promoter';

/** /corporates (002 §2 "Corporates"): the corporates of a promoter, 10 per page, with Add Corporate. */
export function CorporatesListPage() {
  const navigate = useNavigate();
  const { list, isAdmin, promoter, page, setPromoter, setPage } = useCorporateList();
  const addPath = promoter ? `/corporates/add?promoter=${promoter}` : '/corporates/add';
  const columns: Column<Corporate>[] = [
    { key: 'name', header: 'Name', render: (c) => c.name },
    { key: 'representative', header: 'Representative', render: (c) => `${c.first_name} ${c.last_name}`.trim() },
    ...(isAdmin ? [{ key: 'promoter', header: 'Promoter', render: (c: Corporate) => c.promoter.name }] : []),
    { key: 'email', header: 'Email', render: (c) => c.email },
    { key: 'phone', header: 'Phone', render: (c) => c.phone },
    { key: 'status', header: 'Status', render: (c) => <Tag minimal={!c.isActive} intent={c.isActive ? 'success' : 'none'}>{c.isActive ? 'Active' : 'Inactive'}</Tag> },
    {
      key: 'menu', header: '', className: 'cell-menu',
      render: (c) => (
        <RowMenu
          label={`Actions for ${c.name}`}
          items={[
            { text: 'Edit', icon: 'edit', onClick: () => navigate(`/corporates/${c.id}/edit`) },
            { text: 'Reservations', icon: 'list', onClick: () => navigate(`/corporates/${c.id}/management/reservations/list`) },
          ]}
        />
      ),
    },
  ];
  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">Corporates</h1>
        <div className="page-actions">
          <Button icon="key" text="Gift Cards" onClick={() => navigate('/corporates/access')} />
          <Button intent="primary" icon="plus" text="Add Corporate" onClick={() => navigate(addPath)} />
        </div>
      </div>
      {isAdmin ? <PromoterSelect value={promoter} onChange={setPromoter} /> : null}
      {list.isLoading || list.isUninitialized ? (
        <LoadingSpinner label="Loading corporates" />
      ) : !list.data ? (
        <RetryPanel onRetry={list.refetch} />
      ) : (
        <>
          <DataTable
            label="Corporates"
            columns={columns}
            rows={list.data.data.items}
            rowKey={(c) => c.id}
            rowLabel={(c) => c.name}
            onRowClick={(c) => navigate(`/corporates/${c.id}/management/reservations/details`)}
            emptyText={EMPTY_CORPORATES}
          />
          <Pager page={page} count={list.data.data.total} perPage={CORPORATES_PER_PAGE} onChange={setPage} />
        </>
      )}
      <p className="corporates-hint">
        Corporate users sign in to their own app to send the tickets of their reservations. <Link to="/corporates/access">Manage their access</Link>.
      </p>
    </div>
  );
}
