import { Tag } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useSetCorporateAccessMutation } from '../../api/corporatesApi';
import { errorMessage } from '../../api/errorMessage';
import type { Corporate } from '../../contracts/corporates';
import { BackLink } from '../../ui/BackLink';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { EMPTY_CORPORATES } from './CorporatesListPage';
import { PromoterSelect } from './PromoterSelect';
import { CORPORATES_PER_PAGE, useCorporateList } from './useCorporateList';
import { displayDay } from '../../domain/displayDates';

/**
 * /corporates/access: the corporates list the spec titles 'Gift Cards' (001 §2, 002 §2), where a corporate's access
 * is cancelled and restored (status 0/1). The route is ours (docs/corporates.md): the spec gives it none.
 */
export function CorporateAccessPage() {
  const navigate = useNavigate();
  const { list, isAdmin, promoter, page, setPromoter, setPage } = useCorporateList();
  const [setAccess] = useSetCorporateAccessMutation();
  const change = async (c: Corporate) => {
    const res = await setAccess({ id: c.id, status: c.isActive ? 0 : 1 });
    if ('error' in res) notifyDanger(errorMessage(res.error, 'Error change status'));
    else notifySuccess(c.isActive ? `Access of ${c.name} cancelled` : `Access of ${c.name} restored`);
  };
  const columns: Column<Corporate>[] = [
    { key: 'name', header: 'Name', render: (c) => c.name },
    { key: 'promoter', header: 'Promoter', render: (c) => c.promoter.name },
    { key: 'email', header: 'Email', render: (c) => c.email },
    { key: 'created', header: 'Created on', render: (c) => displayDay(c.createdAt.date.slice(0, 10)) },
    { key: 'status', header: 'Status', render: (c) => <Tag minimal={!c.isActive} intent={c.isActive ? 'success' : 'none'}>{c.isActive ? 'Active' : 'Inactive'}</Tag> },
    {
      key: 'menu', header: '', className: 'cell-menu',
      render: (c) => (
        <RowMenu
          label={`Actions for ${c.name}`}
          items={[
            { text: 'Edit', icon: 'edit', onClick: () => navigate(`/corporates/${c.id}/edit`) },
            c.isActive
              ? { text: 'Cancel Access', icon: 'disable', intent: 'danger', onClick: () => void change(c) }
              : { text: 'Restore Access', icon: 'unlock', onClick: () => void change(c) },
          ]}
        />
      ),
    },
  ];
  return (
    <div className="page">
      <BackLink to="/corporates" label="Corporates" />
      <div className="page-head">
        <h1 className="page-title">Gift Cards</h1>
      </div>
      {isAdmin ? <PromoterSelect value={promoter} onChange={setPromoter} /> : null}
      {list.isLoading || list.isUninitialized ? (
        <LoadingSpinner label="Loading corporates" />
      ) : !list.data ? (
        <RetryPanel onRetry={list.refetch} />
      ) : (
        <>
          <DataTable label="Gift Cards" columns={columns} rows={list.data.data.items} rowKey={(c) => c.id} rowLabel={(c) => c.name} emptyText={EMPTY_CORPORATES} />
          <Pager page={page} count={list.data.data.total} perPage={CORPORATES_PER_PAGE} onChange={setPage} />
        </>
      )}
    </div>
  );
}
