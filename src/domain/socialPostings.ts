/**
 * The event's social media postings (000 §2 names the route "Social media postings" and nothing else; design in
 * docs/social-postings.md). Publishing offers two postings, both ticked by default (000 §4): to the promoter's social
 * page and to the platform's default page. This says, per page, what a promoter needs to know: was it asked for,
 * and when will it happen.
 */
export type PostingState = 'requested' | 'not-requested' | 'waiting-for-publish';

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

export function socialPostings(event: PostingEvent): SocialPosting[] {
  const row = (page: string, ticked: boolean): SocialPosting => {
    if (event.status !== 'active') {
      return {
        page,
        state: 'waiting-for-publish',
        label: 'Not posted yet',
        detail: 'The event is a draft. The posting is made when you publish it with this page ticked.',
      };
    }
    return ticked
      ? // Ticked, but nothing posts it yet (docs/social-postings.md): never "Posted" for a post nobody made.
        { page, state: 'requested', label: 'Not posted: no channel is configured', detail: 'This page was ticked at publish, but the product has no social channel to post through, so nothing was posted.' }
      : { page, state: 'not-requested', label: 'Not posted', detail: 'This page was unticked when the event was published. Unpublish and publish again to post.' };
  };
  return [row("Promoter's page", event.publish_facebook_promoter), row('Default page', event.publish_facebook_default)];
}
