import { Type, type Static } from 'typebox';
import { OneOf } from './events';

/** Venues, their maps and the dictionaries of the event form (000 §3, §7). */
const VenueTranslation = Type.Object({ language: OneOf(['en', 'sv']), name: Type.String() });

export const Venue = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  city: Type.String(),
  translations: Type.Array(VenueTranslation),
});
export type Venue = Static<typeof Venue>;
export const VenueList = Type.Object({ collection: Type.Array(Venue), count: Type.Integer() });
export type VenueList = Static<typeof VenueList>;

export const VenueMapSummary = Type.Object({
  id: Type.Integer(),
  venue_id: Type.Integer(),
  name: Type.String(),
  sections_count: Type.Integer(),
  seats_count: Type.Integer(),
});
export type VenueMapSummary = Static<typeof VenueMapSummary>;
export const VenueMapList = Type.Object({ collection: Type.Array(VenueMapSummary), count: Type.Integer() });
export type VenueMapList = Static<typeof VenueMapList>;

export const Vat = Type.Object({ id: Type.Integer(), name: Type.String(), vat: Type.Number(), item_type: Type.String() });
export type Vat = Static<typeof Vat>;
export const VatList = Type.Object({ collection: Type.Array(Vat), count: Type.Integer() });
export type VatList = Static<typeof VatList>;
export const VatQuery = Type.Object({ 'filters[item_type]': Type.Optional(OneOf(['ticket', 'merchandise', 'fee'])) });

export const Genre = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Genre = Static<typeof Genre>;
export const GenreList = Type.Object({ collection: Type.Array(Genre), count: Type.Integer() });
export type GenreList = Static<typeof GenreList>;


/**
 * POST api/venues/{id}/maps → 201: the imported map and the importer's report (workers/venue-map/venueModel.ts
 * ImportReport). The report's top level is named here; its parts (confidence, tally, skipped elements) are the
 * importer's own and pass whole.
 */
export const ImportedVenueMap = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  report: Type.Object({
    seats: Type.Integer(),
    rows: Type.Integer(),
    sections: Type.Array(Type.Object({
      name: Type.String(), kind: Type.Union([Type.Literal('seated'), Type.Literal('general_admission')]),
      seats: Type.Integer(), rows: Type.Integer(), capacity: Type.Integer(), confidence: Type.Unknown(),
    })),
    confidence: Type.Unknown(),
    warnings: Type.Array(Type.Object({ message: Type.String(), section: Type.Optional(Type.String()),
      at: Type.Optional(Type.Unknown()), seats: Type.Optional(Type.Array(Type.Integer())) })),
    notes: Type.Array(Type.String()),
    generalAdmissionAreas: Type.Integer(),
    skipped: Type.Array(Type.Unknown()),
    duplicates: Type.Array(Type.String()),
    conventions: Type.Array(Type.String()),
    tally: Type.Unknown(),
    unreadMarks: Type.Array(Type.Number()),
  }),
});
export type ImportedVenueMap = Static<typeof ImportedVenueMap>;
