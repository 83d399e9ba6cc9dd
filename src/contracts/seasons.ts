import { Type, type Static } from 'typebox';

/** POST api/seasonal-events/{id}/attach-events and /detach-events. */
export const SeasonEventsBody = Type.Object({
  events: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 200 }),
});
export type SeasonEventsBody = Static<typeof SeasonEventsBody>;

export const SeasonEventsResult = Type.Object({ message: Type.String(), events: Type.Array(Type.Integer()) });
export type SeasonEventsResult = Static<typeof SeasonEventsResult>;

/** The first step of attaching (000 §2); the server enforces what it asks for. */
export const ATTACH_WARNING =
  'Please make sure that the event is priced before you attach it to a seasonal event. Further, both the ticket types and the map in the event you want to attach needs to be exactly the same as in the seasonal event.';

/**
 * GET api/seasonal-events/{id}/attach-candidates: the promoter's ordinary events in no season; `problem` says why
 * one cannot be attached (the attach call's own words), null when it can.
 */
export const AttachCandidate = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  start_date: Type.String(),
  problem: Type.Union([Type.String(), Type.Null()]),
});
export type AttachCandidate = Static<typeof AttachCandidate>;
export const AttachCandidates = Type.Object({ events: Type.Array(AttachCandidate) });
export type AttachCandidates = Static<typeof AttachCandidates>;
