import { HTMLTable, Tag, type Intent } from '@blueprintjs/core';
import { useOutletContext } from 'react-router-dom';
import { useGetSocialPostingsQuery } from '../../api/eventsApi';
import type { EventDetail } from '../../contracts/events';
import { socialPostings, type PostingState } from '../../domain/socialPostings';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';

const INTENT: Record<PostingState, Intent> = {
  'waiting-for-publish': 'none', 'not-requested': 'none', 'no-channel': 'warning', missed: 'warning',
  queued: 'primary', retrying: 'warning', posted: 'success', failed: 'danger',
};

/** While a posting is on its way the tab reads its state again, as the CRM panel follows a send. */
const FOLLOW_MS = 3000;

/**
 * /events/{id}/social-media-postings: the postings made when the event is published (to the promoter's page and the
 * default page) and what became of them. Design: docs/social-postings.md.
 */
export function SocialPostingsPage() {
  const event = useOutletContext<EventDetail>();
  const delivery = useGetSocialPostingsQuery(event.id);
  const moving = delivery.data?.postings.some((p) => p.status === 'queued' || p.status === 'sending') ?? false;
  useGetSocialPostingsQuery(event.id, { pollingInterval: moving ? FOLLOW_MS : 0, skip: !moving });
  return (
    <>
      <h1 className="page-title">Social media postings</h1>
      <p>Publishing the event can post it to your social page and to the platform&apos;s default page (both ticked by default on the Publish page).</p>
      {delivery.isLoading ? (
        <LoadingSpinner label="Loading the postings" />
      ) : !delivery.data ? (
        <RetryPanel onRetry={delivery.refetch} />
      ) : (
        <HTMLTable className="data-table" aria-label="Social media postings">
          <thead>
            <tr><th scope="col">Page</th><th scope="col">State</th><th scope="col">What it means</th></tr>
          </thead>
          <tbody>
            {socialPostings(event, delivery.data).map((p) => (
              <tr key={p.page}>
                <td>{p.page}</td>
                <td><Tag intent={INTENT[p.state]} minimal>{p.label}</Tag></td>
                <td>{p.detail}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </>
  );
}
