/**
 * The event's social media postings (000 §2 names the route "Social media postings" and nothing else; design in
 * docs/social-postings.md). Publishing offers two postings, both ticked by default (000 §4): to the promoter's social
 * page and to the platform's default page. A ticked page is posted through the social webhook, by the outbox, when
 * one is configured. This says, per page, what happened, and says "Posted" only when the channel accepted the post.
 */
export type PostingState = 'waiting-for-publish' | 'not-requested' | 'no-channel' | 'missed' | 'queued' | 'retrying' | 'posted' | 'failed';

export interface SocialPosting {
  page: string;
  state: PostingState;
  label: string;
  detail: string;
}

interface PostingEvent {
  status: 'draft' | 'active';
  publish_facebook_promoter: boolean;
  publish_facebook_default: boolean;
}

/** GET api/events/{id}/social-postings, as far as this rule reads it. */
export interface PostingDelivery {
  channel: 'webhook' | 'none';
  postings: { page: 'promoter' | 'default'; status: 'queued' | 'sending' | 'sent' | 'failed'; attempts: number; last_error: string | null; sent_at: string | null }[];
}

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

export function socialPostings(event: PostingEvent, delivery: PostingDelivery): SocialPosting[] {
  const row = (key: 'promoter' | 'default', page: string, ticked: boolean): SocialPosting => {
    if (event.status !== 'active') {
      return {
        page,
        state: 'waiting-for-publish',
        label: 'Not posted yet',
        detail: delivery.channel === 'webhook'
          ? 'The event is a draft. The posting is made when you publish it with this page ticked.'
          : 'The event is a draft. No social channel is configured, so publishing will not post it either.',
      };
    }
    if (!ticked) return { page, state: 'not-requested', label: 'Not posted', detail: 'This page was unticked when the event was published. Unpublish and publish again to post.' };
    const posting = delivery.postings.find((p) => p.page === key);
    if (!posting) {
      return delivery.channel === 'none'
        ? { page, state: 'no-channel', label: 'Not posted: no channel is configured', detail: 'This page was ticked at publish, but the product has no social channel to post through, so nothing was posted.' }
        : { page, state: 'missed', label: 'Not posted', detail: 'The event was published before a social channel was configured. Unpublish and publish again to post.' };
    }
    const refusal = posting.last_error ? ` The channel answered: ${posting.last_error}` : '';
    switch (posting.status) {
      case 'sent':
        return { page, state: 'posted', label: `Posted ${posting.sent_at ?? ''}`.trim(), detail: 'The social channel accepted the posting.' };
      case 'failed':
        return { page, state: 'failed', label: 'Not posted: the channel refused it', detail: `Tried ${times(posting.attempts)}, then given up.${refusal} Unpublish and publish again to try again.` };
      default:
        return posting.attempts > 0 && posting.last_error
          ? { page, state: 'retrying', label: 'Not posted yet: retrying', detail: `The channel refused it ${times(posting.attempts)}; it is tried again.${refusal}` }
          : { page, state: 'queued', label: 'Queued', detail: 'Waiting for the social channel to take it.' };
    }
  };
  return [row('promoter', "Promoter's page", event.publish_facebook_promoter), row('default', 'Default page', event.publish_facebook_default)];
}
