import { describe, expect, it } from 'vitest';
import { socialPostings } from './socialPostings';

describe('the event\'s social media postings', () => {
  it('a draft: both pages wait for the publish', () => {
    const rows = socialPostings({ status: 'draft', publish_facebook_promoter: true, publish_facebook_default: true });
    expect(rows.map((r) => [r.page, r.label])).toEqual([["Promoter's page", 'Not posted yet'], ['Default page', 'Not posted yet']]);
  });
  it('published: a ticked page was posted at publish, an unticked one not', () => {
    const rows = socialPostings({ status: 'active', publish_facebook_promoter: true, publish_facebook_default: false });
    expect(rows.map((r) => [r.page, r.state, r.label])).toEqual([
      ["Promoter's page", 'requested', 'Not posted: no channel is configured'],
      ['Default page', 'not-requested', 'Not posted'],
    ]);
  });
});
