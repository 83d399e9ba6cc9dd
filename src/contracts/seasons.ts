import { Type, type Static } from 'typebox';

/** POST api/seasonal-events/{id}/attach-events and /detach-events. */
export const SeasonEventsBody = Type.Object({
  events: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 200 }),
});
export type SeasonEventsBody = Static<typeof SeasonEventsBody>;

export const SeasonEventsResult = Type.Object({ message: Type.String(), events: Type.Array(Type.Integer()) });
export type SeasonEventsResult = Static<typeof SeasonEventsResult>;
