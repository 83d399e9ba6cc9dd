import { Button, ControlGroup } from '@blueprintjs/core';
import { addYears, format, isValid } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { LazyDateInput } from './LazyDateInput';

const MIN = addYears(new Date(), -10);
const MAX = addYears(new Date(), 10);

/**
 * A list filter's date picker with Reset (000 §2): shows dd.MM.yyyy, hands out yyyy-MM-dd or null.
 * The date-fns v2 locale is explicit: Blueprint's dynamic locale import does not resolve under Vite.
 */
export function DateFilterInput({ label, value, onChange }: { label: string; value: string | null; onChange: (day: string | null) => void }) {
  return (
    <ControlGroup className="date-filter">
      <LazyDateInput
        value={value ? `${value}T00:00:00` : null}
        onChange={(iso) => {
          const d = iso ? new Date(iso) : null;
          onChange(d && isValid(d) ? format(d, 'yyyy-MM-dd') : null);
        }}
        dateFnsFormat="dd.MM.yyyy"
        locale={enGB}
        placeholder="Start date"
        minDate={MIN}
        maxDate={MAX}
        inputProps={{ 'aria-label': label, leftIcon: 'calendar' }}
        popoverProps={{ placement: 'bottom-start' }}
      />
      <Button text="Reset" onClick={() => onChange(null)} disabled={!value} />
    </ControlGroup>
  );
}
