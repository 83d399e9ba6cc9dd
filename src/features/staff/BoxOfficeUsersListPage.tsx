import './staff.css';
import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/errorMessage';
import { useGetStaffUsersQuery, useSetUserStatusMutation } from '../../api/staffApi';
import type { StaffUser } from '../../contracts/staff';
import { DataTable, type Column } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { notifyDanger } from '../../ui/notify';
import { CsvButton } from './CsvButton';
import { StaffStatusTag } from './StaffStatusTag';
import { StatusFilter, type StatusChoice } from './StatusFilter';
import { PER_PAGE, useChoosesPromoter, usePromoterOptions } from './staffShared';

/**
 * /boxoffice-users/list (002 §2): an admin picks the promoter first ('Select promoter to see results'); a promoter
 * sees their own (the server scopes them whatever the query says). Promoter, page and status live in the URL.
 */
export function BoxOfficeUsersListPage() {
  const navigate = useNavigate();
  const isAdmin = useChoosesPromoter();
  const promoters = usePromoterOptions(!isAdmin);
  const [params, setParams] = useSearchParams();
  const promoter = Number(params.get('promoter')) || undefined;
  const page = Number(params.get('page')) || 1;
  const status = (params.get('status') ?? '') as StatusChoice;
  const set = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) if (v === undefined || v === '') next.delete(k); else next.set(k, String(v));
    setParams(next, { replace: true });
  };
  const needsPromoter = isAdmin && !promoter;
  const users = useGetStaffUsersQuery({ path: 'boxoffice-users', promoter, page, per_page: PER_PAGE, status: status || undefined }, { skip: needsPromoter });
  const [setUserStatus] = useSetUserStatusMutation();
  const toggle = async (u: StaffUser) => {
    const res = await setUserStatus({ id: u.id, status: u.status === 'active' ? 'inactive' : 'active' });
    if ('error' in res) notifyDanger(errorMessage(res.error, 'Error change status'));
  };
  const columns: Column<StaffUser>[] = [
    { key: 'name', header: 'Name', render: (u) => u.name },
    { key: 'email', header: 'Email', render: (u) => u.email ?? '' },
    { key: 'phone', header: 'Phone', render: (u) => u.phone ?? '' },
    { key: 'status', header: 'Status', render: (u) => <StaffStatusTag status={u.status} /> },
    {
      key: 'menu', header: <span className="sr-only">Actions</span>, className: 'menu-cell', render: (u) => (
        <RowMenu label={`Actions for ${u.name}`} items={[
          { text: 'Edit', icon: 'edit', onClick: () => navigate(`/boxoffice-users/${u.id}/edit`) },
          { text: u.status === 'active' ? 'Deactivate' : 'Activate', icon: u.status === 'active' ? 'disable' : 'confirm', onClick: () => void toggle(u) },
        ]} />
      ),
    },
  ];
  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">Box Office Users</h1>
        <Button intent="primary" icon="plus" text="Add User" onClick={() => navigate('/boxoffice-users/add')} />
      </div>
      <div className="staff-filter">
        {isAdmin ? (
          <FormGroup label="Promoter" labelFor="boxoffice-promoter" inline>
            <HTMLSelect id="boxoffice-promoter" value={promoter ?? ''} onChange={(e) => set({ promoter: e.currentTarget.value, page: undefined })}
              options={[{ value: '', label: 'Select promoter' }, ...promoters.options]} />
          </FormGroup>
        ) : null}
        <StatusFilter value={status} onChange={(s) => set({ status: s, page: undefined })} />
        {needsPromoter ? null : <CsvButton path={`boxoffice-users?${new URLSearchParams({ ...(promoter ? { promoter: String(promoter) } : {}), ...(status ? { status } : {}) })}`} fileName="BoxOfficeUsers.csv" />}
      </div>
      {needsPromoter ? <EmptyState text="Select promoter to see results" /> : users.isLoading ? (
        <LoadingSpinner label="Loading box-office users" />
      ) : !users.data ? (
        <RetryPanel onRetry={users.refetch} />
      ) : (
        <>
          <DataTable label="Box-office users" columns={columns} rows={users.data.collection} rowKey={(u) => u.id} rowLabel={(u) => u.name}
            onRowClick={(u) => navigate(`/boxoffice-users/${u.id}/edit`)} emptyText="There are no users" />
          <Pager page={page} count={users.data.count} perPage={PER_PAGE} onChange={(p) => set({ page: p })} />
        </>
      )}
    </div>
  );
}
