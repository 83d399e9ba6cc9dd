import { Type, type Static } from 'typebox';

/** The outbox (docs/outbox.md): every message the product sends, and what became of it. */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_CHANNELS = ['email', 'sms', 'social'] as const;

const Status = Type.Union([Type.Literal('queued'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('failed')]);
const Channel = Type.Union([Type.Literal('email'), Type.Literal('sms'), Type.Literal('social')]);
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** GET api/outbox: newest first, filtered by status and channel. */
export const OutboxListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  status: Type.Optional(Status),
  channel: Type.Optional(Channel),
});
export type OutboxListQuery = Static<typeof OutboxListQuery>;

export const OutboxMessageSummary = Type.Object({
  id: Type.Integer(),
  channel: Channel,
  /** crm, password_reset, ticket, kid_ticket, social */
  kind: Type.String(),
  address: Type.String(),
  /** The subject, or the text's start for an SMS. */
  subject: Type.String(),
  status: Status,
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  /** smtp, sms, webhook, or local (the mailbox inside the product); null until sent. */
  transport: Nullable(Type.String()),
  created_at: Type.String(),
  sent_at: Nullable(Type.String()),
});
export type OutboxMessageSummary = Static<typeof OutboxMessageSummary>;

export const OutboxList = Type.Object({ collection: Type.Array(OutboxMessageSummary), count: Type.Integer() });
export type OutboxList = Static<typeof OutboxList>;

/** GET api/outbox/{id}: one message in full, as a mail client shows it. */
export const OutboxMessageDetail = Type.Object({
  ...OutboxMessageSummary.properties,
  body: Type.String(),
  from: Nullable(Type.String()),
  provider_id: Nullable(Type.String()),
  next_attempt_at: Nullable(Type.String()),
  campaign_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type OutboxMessageDetail = Static<typeof OutboxMessageDetail>;

/** GET api/outbox/setup: what each channel does on this server, so a screen says what really happens. */
export const OutboxSetup = Type.Object({
  email: Type.Union([Type.Literal('smtp'), Type.Literal('local')]),
  sms: Type.Union([Type.Literal('sms'), Type.Literal('local')]),
  social: Type.Union([Type.Literal('webhook'), Type.Literal('none')]),
  /** The shop's base address for affiliate links; null while SHOP_URL is unset. */
  shop_url: Nullable(Type.String()),
});
export type OutboxSetup = Static<typeof OutboxSetup>;

/** GET api/crm/campaigns/{id}/delivery: how a CRM send is moving. */
export const CampaignDelivery = Type.Object({
  recipients: Type.Integer(),
  queued: Type.Integer(),
  sending: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  /** Of the sent: kept in the local mailbox because no provider is configured for their channel. */
  local: Type.Integer(),
});
export type CampaignDelivery = Static<typeof CampaignDelivery>;

/** The two pages a publish may post to (000 §4): the promoter's social page and the platform's default page. */
export const SocialPostingPage = Type.Union([Type.Literal('promoter'), Type.Literal('default')]);
export type SocialPostingPage = Static<typeof SocialPostingPage>;

/** One page's posting of the event's current publish, as its outbox row stands. */
export const SocialPostingDelivery = Type.Object({
  page: SocialPostingPage,
  status: Status,
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  /** Stockholm time `YYYY-MM-DD HH:mm`, once the webhook accepted it. */
  sent_at: Nullable(Type.String()),
});
export type SocialPostingDelivery = Static<typeof SocialPostingDelivery>;

/** GET api/events/{id}/social-postings: whether a social channel is configured, and each page's posting. */
export const SocialPostings = Type.Object({
  channel: Type.Union([Type.Literal('webhook'), Type.Literal('none')]),
  postings: Type.Array(SocialPostingDelivery),
});
export type SocialPostings = Static<typeof SocialPostings>;
