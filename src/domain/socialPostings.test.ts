import { describe, expect, it } from 'vitest';
import { socialPostings, type PostingDelivery } from './socialPostings';

const none: PostingDelivery = { channel: 'none', postings: [] };
const webhook = (postings: PostingDelivery['postings']): PostingDelivery => ({ channel: 'webhook', postings });
const published = { status: 'active' as const, publish_facebook_promoter: true, publish_facebook_default: true };
const labels = (rows: ReturnType<typeof socialPostings>) => rows.map((r) => [r.page, r.state, r.label]);

describe("the event's social media postings", () => {
  it('a draft: both pages wait for the publish, and say when publishing will not post either', () => {
    const rows = socialPostings({ ...published, status: 'draft' }, none);
    expect(labels(rows)).toEqual([["Promoter's page", 'waiting-for-publish', 'Not posted yet'], ['Default page', 'waiting-for-publish', 'Not posted yet']]);
    expect(rows[0].detail).toContain('No social channel is configured');
    expect(socialPostings({ ...published, status: 'draft' }, webhook([]))[0].detail).not.toContain('No social channel');
  });

  it('published with no channel: a ticked page is "Not posted: no channel is configured", never "Posted"', () => {
    const rows = socialPostings({ ...published, publish_facebook_default: false }, none);
    expect(labels(rows)).toEqual([
      ["Promoter's page", 'no-channel', 'Not posted: no channel is configured'],
      ['Default page', 'not-requested', 'Not posted'],
    ]);
  });

  it('published through the webhook: "Posted" only for a posting the channel accepted', () => {
    const rows = socialPostings(published, webhook([
      { page: 'promoter', status: 'sent', attempts: 1, last_error: null, sent_at: '2026-11-28 11:02' },
      { page: 'default', status: 'queued', attempts: 0, last_error: null, sent_at: null },
    ]));
    expect(labels(rows)).toEqual([["Promoter's page", 'posted', 'Posted 2026-11-28 11:02'], ['Default page', 'queued', 'Queued']]);
  });

  it('a refused posting says the refusal: retrying while attempts are left, then not posted', () => {
    const retrying = socialPostings(published, webhook([{ page: 'promoter', status: 'queued', attempts: 2, last_error: 'The provider answered 503', sent_at: null }]));
    expect(retrying[0]).toMatchObject({ state: 'retrying', label: 'Not posted yet: retrying' });
    expect(retrying[0].detail).toBe('The channel refused it 2 times; it is tried again. The channel answered: The provider answered 503');
    const failed = socialPostings(published, webhook([{ page: 'default', status: 'failed', attempts: 5, last_error: 'The provider answered 403: page gone', sent_at: null }]));
    expect(failed[1]).toMatchObject({ state: 'failed', label: 'Not posted: the channel refused it' });
    expect(failed[1].detail).toContain('Tried 5 times, then given up. The channel answered: The provider answered 403: page gone');
  });

  it('a ticked page with no posting while a channel is configured was published before the channel existed', () => {
    expect(labels(socialPostings(published, webhook([])))[0]).toEqual(["Promoter's page", 'missed', 'Not posted']);
  });
});
