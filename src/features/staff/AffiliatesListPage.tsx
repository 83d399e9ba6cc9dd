import './staff.css';
import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetProfileQuery } from '../../api/authApi';
import { errorMessage } from '../../api/errorMessage';
import { sideMenuLabel } from '../../domain/roles';
import { useDeleteAffiliateMutation, useGetAffiliatesQuery, useUpdateAffiliateMutation } from '../../api/staffApi';
import type { Affiliate } from '../../contracts/staff';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { CsvButton } from './CsvButton';
import { StaffStatusTag } from './StaffStatusTag';
import { StatusFilter, type StatusChoice } from './StatusFilter';
import { PER_PAGE } from './staffShared';

/** /affiliates: Name, Promoter, Short name, Status; 'Add Affiliate' (002 §2). */
export function AffiliatesListPage() {
  // The page is titled as its menu item: "Affiliate Marketing" for a promoter.
  const profileType = useGetProfileQuery().data?.type ?? 'promoter';
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusChoice>('');
  const affiliates = useGetAffiliatesQuery({ page, per_page: PER_PAGE, status: status || undefined });
  const [update] = useUpdateAffiliateMutation();
  const [remove, removing] = useDeleteAffiliateMutation();
  const [deleting, setDeleting] = useState<Affiliate | null>(null);
  const confirmDelete = async () => {
    if (!deleting) return;
    const res = await remove(deleting.id);
    setDeleting(null);
    if ('error' in res) notifyDanger(errorMessage(res.error, 'Error deleting the affiliate'));
    else notifySuccess('Affiliate deleted');
  };
  const toggle = async (a: Affiliate) => {
    const res = await update({ id: a.id, fields: { status: a.status === 'active' ? 'inactive' : 'active' } });
    if ('error' in res) notifyDanger(errorMessage(res.error, 'Error changing status...'));
  };
  const columns: Column<Affiliate>[] = [
    {
      key: 'name', header: 'Name', render: (a) => (
        <span className="affiliate-name"><span className="color-swatch" style={{ background: a.primary_color }} aria-hidden />{a.name}</span>
      ),
    },
    { key: 'promoter', header: 'Promoter', render: (a) => a.promoter.name },
    { key: 'short', header: 'Short name', render: (a) => a.link_short_name },
    { key: 'status', header: 'Status', render: (a) => <StaffStatusTag status={a.status} /> },
    {
      key: 'menu', header: <span className="sr-only">Actions</span>, className: 'menu-cell', render: (a) => (
        <RowMenu label={`Actions for ${a.name}`} items={[
          { text: 'Branding', icon: 'style', onClick: () => navigate(`/affiliates/${a.id}/branding`) },
          { text: 'Details', icon: 'edit', onClick: () => navigate(`/affiliates/${a.id}/details`) },
          { text: a.status === 'active' ? 'Deactivate' : 'Activate', icon: a.status === 'active' ? 'disable' : 'confirm', onClick: () => void toggle(a) },
          { text: 'Delete', icon: 'trash', intent: 'danger', onClick: () => setDeleting(a) },
        ]} />
      ),
    },
  ];
  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">{sideMenuLabel(profileType, 'affiliates', 'Affiliates')}</h1>
        <Button intent="primary" icon="plus" text="Add Affiliate" onClick={() => navigate('/affiliates/add')} />
      </div>
      <div className="staff-filter">
        <StatusFilter value={status} onChange={(s) => { setStatus(s); setPage(1); }} />
        <CsvButton path={`affiliates${status ? `?status=${status}` : ''}`} fileName="Affiliates.csv" />
      </div>
      {affiliates.isLoading ? <LoadingSpinner label="Loading affiliates" /> : !affiliates.data ? <RetryPanel onRetry={affiliates.refetch} /> : (
        <>
          <DataTable label="Affiliates" columns={columns} rows={affiliates.data.collection} rowKey={(a) => a.id} rowLabel={(a) => a.name}
            onRowClick={(a) => navigate(`/affiliates/${a.id}/branding`)} />
          <Pager page={page} count={affiliates.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
      <ConfirmDialog isOpen={deleting !== null} title="Delete affiliate" confirmText="Delete" intent="danger" loading={removing.isLoading}
        onConfirm={() => void confirmDelete()} onClose={() => setDeleting(null)}>
        <p>Delete {deleting?.name}? Its event links stop working.</p>
      </ConfirmDialog>
    </div>
  );
}
