import { Card, ProgressBar, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { Link, useOutletContext } from 'react-router-dom';
import { errorStatus } from '../../api/errorMessage';
import { useGetEventStatsQuery } from '../../api/eventsApi';
import type { EventDetail } from '../../contracts/events';
import { eventTotalOre, soldProgress } from '../../domain/eventChecklist';
import { formatCount, formatSek, oreFromSek } from '../../domain/money';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { eventName } from '../../ui/EventNameCell';
import { capitalise } from './eventText';

/** Stats retry delay (000 §9): a 404 keeps the screen loading and asks again. */
const STATS_RETRY_MS = 2000;

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="figure">
      <div className="figure-value">{value}</div>
      <div className="figure-label">{label}</div>
    </div>
  );
}

/** /events/{id}/dashboard (000 §2): name, season link, status and the sales figures. */
export function EventDashboardPage() {
  const event = useOutletContext<EventDetail>();
  const stats = useGetEventStatsQuery(event.id);
  const notYet = errorStatus(stats.error) === 404;
  useEffect(() => {
    if (!notYet) return;
    const t = setTimeout(() => void stats.refetch(), STATS_RETRY_MS);
    return () => clearTimeout(t);
  }, [notYet, stats]);

  const head = (
    <div className="dashboard-head">
      <h1 className="page-title">{eventName(event)}</h1>
      <Tag large intent={event.status === 'active' ? 'success' : 'none'} minimal={event.status !== 'active'}>{capitalise(event.status)}</Tag>
      {event.seasonal_event ? (
        <p className="season-link">
          Part of the seasonal event <Link to={`/season/${event.seasonal_event.id}`}>{event.seasonal_event.name || `Season ${event.seasonal_event.id}`}</Link>
        </p>
      ) : null}
    </div>
  );
  if (stats.isLoading || notYet) return <>{head}<LoadingSpinner label="Loading the statistics" /></>;
  if (!stats.data) return <>{head}<RetryPanel onRetry={stats.refetch} /></>;

  const all = stats.data.all;
  const progress = soldProgress(all.tickets.count, all.seats.has_default_price);
  const parts = {
    ticketsNetOre: oreFromSek(all.tickets.paid_net_price),
    serviceFeesOre: oreFromSek(all.service_fees.paid_net_price),
    adminFeesOre: oreFromSek(all.admin_fees.paid_net_price),
  };
  const refundsOre = oreFromSek(all.refunds.price_decrease);
  const total = eventTotalOre({ ...parts, refundsOre });
  const draft = event.status === 'draft';
  return (
    <>
      {head}
      <Card className="dashboard-card">
        <div className="figures">
          {draft ? (
            <Figure label="Seats priced" value={`${formatCount(all.seats.has_default_price)} of ${formatCount(all.seats.count)}`} />
          ) : (
            <>
              <Figure label="Tickets sold" value={formatCount(all.tickets.count)} />
              {/* Tickets, not reservations: the back-office reservations' tickets given to a person (docs/events.md). */}
              <Figure label="Reserved tickets assigned" value={formatCount(all.reservations.assigned)} />
            </>
          )}
          <Figure label="Total" value={formatSek(total)} />
        </div>
        <dl className="dashboard-money" aria-label="How the total is made">
          <dt>Tickets</dt><dd>{formatSek(parts.ticketsNetOre)}</dd>
          <dt>Service fees</dt><dd>{formatSek(parts.serviceFeesOre)}</dd>
          <dt>Admin fees</dt><dd>{formatSek(parts.adminFeesOre)}</dd>
          <dt>Refunds</dt><dd>{refundsOre > 0 ? `− ${formatSek(refundsOre)}` : formatSek(0)}</dd>
        </dl>
        <div className="progress-block">
          <div className="progress-label" id="sold-progress-label">
            Sold {formatCount(all.tickets.count)} of {formatCount(all.seats.has_default_price)} priced places (seats and standing)
          </div>
          <ProgressBar value={progress} stripes={false} intent="primary" aria-labelledby="sold-progress-label" />
        </div>
      </Card>
    </>
  );
}
