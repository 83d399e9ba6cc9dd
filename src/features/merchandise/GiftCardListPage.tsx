import './merchandise.css';
import { Button, Tag } from '@blueprintjs/core';
import { displayDay } from '../../domain/displayDates';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetGiftCardsQuery } from '../../api/merchandiseApi';
import type { GiftCardSummary } from '../../contracts/merchandise';
import { formatCount, formatSek, oreFromSek } from '../../domain/money';
import { DataTable, type Column } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { Pager } from '../../ui/Pager';
import { RetryPanel } from '../../ui/RetryPanel';

const PER_PAGE = 15;

/**
 * /gift-card/list (001 §2). The spec's list is always empty, a defect of the system it describes: this one lists the
 * gift cards that exist (docs/merchandise.md), and keeps the spec's empty state for when there are none.
 */
export function GiftCardListPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const cards = useGetGiftCardsQuery({ page, per_page: PER_PAGE });
  const add = <Button intent="primary" icon="plus" text="Add gift card" onClick={() => navigate('/gift-card/add')} />;
  const columns: Column<GiftCardSummary>[] = [
    { key: 'image', header: <span className="sr-only">Image</span>, render: (g) => (g.image_url ? <img className="gift-card-thumb" src={g.image_url} alt="" /> : null) },
    { key: 'name', header: 'Title', render: (g) => g.name },
    { key: 'promoter', header: 'Promoter', render: (g) => g.promoter.name },
    { key: 'price', header: 'Price', className: 'num', render: (g) => formatSek(oreFromSek(g.price)) },
    { key: 'quantity', header: 'Quantity', className: 'num', render: (g) => formatCount(g.quantity) },
    { key: 'status', header: 'Status', render: (g) => <Tag intent={g.valid ? 'success' : 'none'} minimal={!g.valid}>{g.valid ? 'Active' : 'Inactive'}</Tag> },
    { key: 'created', header: 'Created on', render: (g) => displayDay(g.created_at) },
  ];
  return (
    <div className="page">
      <div className="page-head">
        <h1 className="page-title">Gift Cards</h1>
        {cards.data && cards.data.count > 0 ? add : null}
      </div>
      {cards.isLoading ? (
        <LoadingSpinner label="Loading gift cards" />
      ) : !cards.data ? (
        <RetryPanel onRetry={cards.refetch} detail="Something went wrong" />
      ) : cards.data.count === 0 ? (
        <EmptyState text="Create a gift-card to start this list" action={add} />
      ) : (
        <>
          <DataTable label="Gift cards" columns={columns} rows={cards.data.collection} rowKey={(g) => g.id} rowLabel={(g) => g.name} onRowClick={(g) => navigate(`/gift-card/${g.id}/edit`)} />
          <Pager page={page} count={cards.data.count} perPage={PER_PAGE} onChange={setPage} />
        </>
      )}
    </div>
  );
}
