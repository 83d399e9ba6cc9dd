import { useField } from 'react-final-form';
import { DateField } from '../../ui/form/DateField';
import { TimeField } from '../../ui/form/TimeField';

function DateTimeRow({ name, label, required = true }: { name: string; label: string; required?: boolean }) {
  return (
    <div className="form-row date-time-row">
      <DateField name={`${name}_date`} label={`${label} date`} required={required} />
      <TimeField name={`${name}_time`} label={`${label} time`} required={required} />
    </div>
  );
}

/** Start, end, tickets release and (regular events only) venue opening; dates dd.MM.yyyy, times HH:mm. */
export function EventFormDates() {
  const membership = useField<string>('behaviour_type', { subscription: { value: true } }).input.value === 'membership_card';
  return (
    <>
      <DateTimeRow name="start" label="Start" />
      <DateTimeRow name="end" label="End" />
      <DateTimeRow name="tickets_release" label="Tickets release" />
      {membership ? null : <DateTimeRow name="venue_open" label="Venue opens" />}
    </>
  );
}
