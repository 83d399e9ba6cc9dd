import './staff.css';
import { Button, Callout } from '@blueprintjs/core';
import { useParams } from 'react-router-dom';
import { useGetOutboxSetupQuery } from '../../api/outboxApi';
import { useGetEventAffiliateLinksQuery } from '../../api/staffApi';
import type { EventAffiliateLinks } from '../../contracts/staff';
import { DataTable, type Column } from '../../ui/DataTable';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { notifyDanger, notifySuccess } from '../../ui/notify';

type Link = EventAffiliateLinks['collection'][number];

const copy = (url: string) =>
  navigator.clipboard.writeText(url).then(() => notifySuccess('Link copied'), () => notifyDanger('The link could not be copied: select it and copy it by hand.'));

/** /events/{id}/affiliates, the event menu's "Event links": one link per active affiliate of the event's promoter. */
export function EventLinksPage() {
  const eventId = Number(useParams().id);
  const links = useGetEventAffiliateLinksQuery(eventId);
  // While SHOP_URL is unset the server's links point at a placeholder host: the screen says so (docs/outbox.md).
  const noShop = useGetOutboxSetupQuery().data?.shop_url === null;
  const columns: Column<Link>[] = [
    {
      key: 'name', header: 'Affiliate', render: (l) => (
        <span className="affiliate-name"><span className="color-swatch" style={{ background: l.affiliate.primary_color }} aria-hidden />{l.affiliate.name}</span>
      ),
    },
    { key: 'short', header: 'Short name', render: (l) => l.affiliate.link_short_name },
    { key: 'url', header: 'Link', render: (l) => <code className="event-link">{l.url}</code> },
    { key: 'copy', header: <span className="sr-only">Copy</span>, className: 'menu-cell', render: (l) => <Button variant="minimal" icon="duplicate" aria-label={`Copy the link of ${l.affiliate.name}`} onClick={() => void copy(l.url)} /> },
  ];
  return (
    <section>
      <h2 className="section-title">Event links</h2>
      {noShop ? (
        <Callout intent="warning" className="event-links-warning">
          The shop&apos;s address is not configured (SHOP_URL): these links point at a placeholder, not at your shop. Do not hand
          them out until your administrator has set it.
        </Callout>
      ) : null}
      {links.isLoading ? <LoadingSpinner label="Loading event links" /> : !links.data ? <RetryPanel onRetry={links.refetch} /> : (
        <DataTable label="Event links" columns={columns} rows={links.data.collection} rowKey={(l) => l.affiliate.id} rowLabel={(l) => l.affiliate.name}
          emptyText="The promoter has no active affiliates yet" />
      )}
    </section>
  );
}
