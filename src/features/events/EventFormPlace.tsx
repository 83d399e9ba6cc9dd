import { useEffect } from 'react';
import { useField, useForm } from 'react-final-form';
import { formatVatOption } from '../../domain/vat';
import { useGetTicketVatsQuery, useGetVenueMapsQuery, useGetVenuesQuery } from '../../api/venuesApi';
import { SelectField } from '../../ui/form/SelectField';
import { notifyDanger } from '../../ui/notify';
import type { EventFormState } from './eventFormValues';
import { formatCount } from '../../domain/money';

/** Where and at what VAT: venue, the venue's maps (loaded per venue), ticket VAT (ascending; 0 for membership cards). */
export function EventFormPlace({ mapLocked }: { mapLocked?: string }) {
  const form = useForm<EventFormState>();
  const venue = useField<string>('venue', { subscription: { value: true } }).input.value;
  const membership = useField<string>('behaviour_type', { subscription: { value: true } }).input.value === 'membership_card';
  const venues = useGetVenuesQuery();
  const maps = useGetVenueMapsQuery(Number(venue), { skip: !venue });
  const vats = useGetTicketVatsQuery();

  useEffect(() => {
    if (maps.isError) notifyDanger('Request maps error');
  }, [maps.isError]);

  const vatOptions = [...(vats.data?.collection ?? [])].sort((a, b) => a.vat - b.vat).map((v) => ({ value: String(v.vat), label: formatVatOption(v.vat) }));
  return (
    <>
      <div className="form-row">
        <SelectField
          name="venue"
          label="Venue"
          required
          loading={venues.isLoading}
          disabled={Boolean(mapLocked)}
          options={(venues.data?.collection ?? []).map((v) => ({ value: String(v.id), label: v.city ? `${v.name}, ${v.city}` : v.name }))}
          onSelect={() => form.change('map', undefined)}
        />
        <SelectField
          name="map"
          label="Map"
          required
          loading={maps.isFetching}
          disabled={!venue || Boolean(mapLocked)}
          helperText={maps.isError ? 'Request maps error' : mapLocked}
          options={(maps.data?.collection ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${formatCount(m.seats_count)} seats)` }))}
        />
      </div>
      <SelectField name="ticket_vat" label="Ticket VAT" disabled={membership} loading={vats.isLoading} options={vatOptions} helperText={membership ? 'A membership card has 0% VAT.' : undefined} />
    </>
  );
}
