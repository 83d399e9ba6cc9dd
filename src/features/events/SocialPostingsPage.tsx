import { HTMLTable, Tag } from '@blueprintjs/core';
import { useOutletContext } from 'react-router-dom';
import type { EventDetail } from '../../contracts/events';
import { socialPostings, type PostingState } from '../../domain/socialPostings';

const INTENT: Record<PostingState, 'success' | 'none' | 'warning'> = { requested: 'warning', 'not-requested': 'none', 'waiting-for-publish': 'warning' };

/**
 * /events/{id}/social-media-postings: the postings made when the event is published (to the promoter's page and the
 * default page) and their state. Design: docs/social-postings.md.
 */
export function SocialPostingsPage() {
  const event = useOutletContext<EventDetail>();
  return (
    <>
      <h1 className="page-title">Social media postings</h1>
      <p>Publishing the event can post it to your social page and to the platform&apos;s default page (both ticked by default on the Publish page).</p>
      <HTMLTable className="data-table" aria-label="Social media postings" striped>
        <thead>
          <tr><th scope="col">Page</th><th scope="col">State</th><th scope="col">What it means</th></tr>
        </thead>
        <tbody>
          {socialPostings(event).map((p) => (
            <tr key={p.page}>
              <td>{p.page}</td>
              <td><Tag intent={INTENT[p.state]} minimal>{p.label}</Tag></td>
              <td>{p.detail}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}
