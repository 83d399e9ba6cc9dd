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
