import { Button, Tag } from '@blueprintjs/core';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/errorMessage';
import { useGetPromosQuery, useUpdatePromoMutation } from '../../api/promosApi';
import type { Promo } from '../../contracts/promos';
import { displayDay } from '../../domain/displayDates';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';
import { RowMenu } from '../../ui/RowMenu';
import { discountText, modeText, usagesText } from './promoText';

const PER_PAGE = 10;

/** /promocodes/list/{page?}: the promo codes, 10 a page (002 §2, §9); Activate/Deactivate from the row menu (§4). */
export function PromoListPage() {
  const navigate = useNavigate();
  const page = Math.max(1, Number(useParams().page) || 1);
  const promos = useGetPromosQuery({ page, per_page: PER_PAGE });
  const [update] = useUpdatePromoMutation();
  const toggle = async (p: Promo) => {
    const res = await update({ id: p.id, body: { active: !p.active } });
    if ('error' in res) notifyDanger(errorMessage(res.error, 'Error changing status...'));
    else notifySuccess(p.active ? `${p.promo_code} deactivated` : `${p.promo_code} activated`);
  };
  const columns: Column<Promo>[] = [
    { key: 'name', header: 'Name', render: (p) => p.name },
    { key: 'code', header: 'Code', render: (p) => <code>{p.promo_code}</code> },
    { key: 'promoter', header: 'Promoter', render: (p) => p.promoter.name },
    { key: 'event', header: 'Event', render: (p) => p.event?.name ?? 'All events' },
    { key: 'for', header: 'For', render: (p) => (p.item_type === 'ticket' ? 'Tickets' : 'Merchandise') },
    { key: 'discount', header: 'Discount', render: discountText },
    { key: 'mode', header: 'Mode', render: modeText },
    { key: 'usages', header: 'Usages', render: usagesText },
    { key: 'expires', header: 'Expires', render: (p) => (p.expire_date ? displayDay(p.expire_date) : 'Never') },
    { key: 'status', header: 'Status', render: (p) => <Tag intent={p.active ? 'success' : 'none'} minimal={!p.active}>{p.active ? 'Active' : 'Inactive'}</Tag> },
    {
      key: 'menu',
      header: '',
      className: 'cell-menu',
      render: (p) => (
        <RowMenu
          label={`Actions for ${p.promo_code}`}
          items={[
            { text: 'Edit', icon: 'edit', onClick: () => navigate(`/promocodes/${p.id}/edit`) },
            p.active
              ? { text: 'Deactivate', icon: 'disable', onClick: () => void toggle(p) }
              : { text: 'Activate', icon: 'tick-circle', onClick: () => void toggle(p) },
          ]}
        />
      ),
    },
  ];
  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">Promo Codes</h1>
        <Button intent="primary" icon="plus" text="Add Promo Code" onClick={() => navigate('/promocodes/add')} />
      </div>
      {promos.isLoading ? (
        <LoadingSpinner label="Loading promo codes" />
      ) : !promos.data ? (
        <RetryPanel onRetry={promos.refetch} />
      ) : (
        <>
          <DataTable
            label="Promo codes"
            columns={columns}
            rows={promos.data.collection}
            rowKey={(p) => p.id}
            rowLabel={(p) => p.promo_code}
            onRowClick={(p) => navigate(`/promocodes/${p.id}/edit`)}
          />
          <Pager page={page} count={promos.data.count} perPage={PER_PAGE} onChange={(n) => navigate(`/promocodes/list/${n}`)} />
        </>
      )}
    </div>
  );
}
