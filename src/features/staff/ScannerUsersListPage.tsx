import './staff.css';
import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/errorMessage';
import { useGetStaffUsersQuery, useSetUserStatusMutation } from '../../api/staffApi';
import type { StaffUser } from '../../contracts/staff';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { notifyDanger } from '../../ui/notify';
import { CsvButton } from './CsvButton';
import { StaffStatusTag } from './StaffStatusTag';
import { StatusFilter, type StatusChoice } from './StatusFilter';
import { PER_PAGE } from './staffShared';

/** /scanner-users: the scan-app users, 10 a page (002 §2 "Scanner users"). */
export function ScannerUsersListPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusChoice>('');
  const users = useGetStaffUsersQuery({ path: 'scanner-users', page, per_page: PER_PAGE, status: status || undefined });
  const [setUserStatus] = useSetUserStatusMutation();
  const toggle = async (u: StaffUser) => {
    const res = await setUserStatus({ id: u.id, status: u.status === 'active' ? 'inactive' : 'active' });
    if ('error' in res) notifyDanger(errorMessage(res.error, 'Error changing status...'));
  };
  const columns: Column<StaffUser>[] = [
    { key: 'name', header: 'Name', render: (u) => u.name },
    { key: 'phone', header: 'Phone', render: (u) => u.phone ?? '' },
    { key: 'email', header: 'Email', render: (u) => u.email ?? '' },
    { key: 'status', header: 'Status', render: (u) => <StaffStatusTag status={u.status} /> },
    {
      key: 'menu', header: <span className="sr-only">Actions</span>, className: 'menu-cell', render: (u) => (
        <RowMenu
          label={`Actions for ${u.name}`}
          items={[
            { text: 'View', icon: 'eye-open', onClick: () => navigate(`/scanner-users/${u.id}/management/events`) },
            { text: 'Edit', icon: 'edit', onClick: () => navigate(`/scanner-users/${u.id}/edit`) },
            { text: u.status === 'active' ? 'Deactivate' : 'Activate', icon: u.status === 'active' ? 'disable' : 'confirm', onClick: () => void toggle(u) },
          ]}
        />
      ),
    },
  ];
  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">Scanning App Users</h1>
        <Button intent="primary" icon="plus" text="Add Scanner" onClick={() => navigate('/scanner-users/add')} />
      </div>
      <div className="staff-filter">
        <StatusFilter value={status} onChange={(s) => { setStatus(s); setPage(1); }} />
        <CsvButton path={`scanner-users${status ? `?status=${status}` : ''}`} fileName="ScannerUsers.csv" />
      </div>
      {users.isLoading ? (
        <LoadingSpinner label="Loading scanner users" />
      ) : !users.data ? (
        <RetryPanel onRetry={users.refetch} />
      ) : (
        <>
          <DataTable label="Scanner users" columns={columns} rows={users.data.collection} rowKey={(u) => u.id} rowLabel={(u) => u.name}
            onRowClick={(u) => navigate(`/scanner-users/${u.id}/management/events`)} />
          <Pager page={page} count={users.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
    </div>
  );
}
