import type { EventStatusBody } from '../../../src/contracts/events';
import type { Queryable } from '../../db/database';
import { HttpError } from '../../httpErrors';
import type { SessionUser } from '../../plugins/auth';
import { pricingStatus } from '../../pricing/pricingStatus';
import { assertEventVisible } from '../../events/eventAccess';
import { queueSocialPostings } from '../../outbox/socialPostings';

/** What a publish may post through: the social webhook, when one is configured (docs/social-postings.md). */
export interface SocialChannel {
  webhook: boolean;
  shopUrl: string;
}

const flag = (v: boolean | number | undefined, fallback: boolean) => (v === undefined ? fallback : v === true || v === 1);

/**
 * Publish (draft → active) and unpublish (active → draft), 000 §4. Publishing needs every seat for sale to have a
 * default price (server/pricing/pricingStatus.ts); the check and the write share one transaction with the event row
 * locked, so a concurrent price release cannot slip between them. A publish queues a posting per ticked page in the same
 * transaction, when a social channel is configured.
 */
export async function changeEventStatus(tx: Queryable, user: SessionUser, id: number, body: EventStatusBody, social: SocialChannel): Promise<void> {
  const event = await assertEventVisible(tx, user, id, { lock: true });
  if (body.status === event.status) {
    throw new HttpError(409, 'invalid_transition', body.status === 'active' ? 'The event is already published.' : 'The event is already a draft.');
  }
  if (body.status === 'draft') {
    await tx.query(`UPDATE events SET status = 'draft', updated_at = clock_timestamp() WHERE id = $1`, [id]);
    return;
  }
  const pricing = await pricingStatus(tx, id);
  if (!pricing.complete) {
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM ticket_types WHERE event_id = $1 AND is_default', [id]);
    const message =
      rows[0].n === 0
        ? 'The event cannot be published: add ticket types with a default type and price the map first.'
        : pricing.seats === 0
          ? 'The event cannot be published: its map has no seats for sale.'
          : `The event cannot be published: every seat needs a default price (${pricing.priced_with_default} of ${pricing.seats} seats have one).`;
    throw new HttpError(422, 'not_priced', message);
  }
  const toPromoter = flag(body.publish_facebook_promoter, true);
  const toDefault = flag(body.publish_facebook_default, true);
  await tx.query(
    `UPDATE events SET status = 'active', publish_facebook_promoter = $2, publish_facebook_default = $3,
            published_at = now(), updated_at = clock_timestamp() WHERE id = $1`,
    [id, toPromoter, toDefault],
  );
  if (social.webhook) {
    const pages = [...(toPromoter ? (['promoter'] as const) : []), ...(toDefault ? (['default'] as const) : [])];
    await queueSocialPostings(tx, id, pages, social.shopUrl);
  }
}
