import { Button, ControlGroup, Icon } from '@blueprintjs/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { formatFormDate, formDateError, parseIsoDay, typedFormDay } from '../domain/dates';
import { LazyDateInput } from './LazyDateInput';
import { venueToday } from '../domain/venueClock';

const shown = (day: string | null): string => {
  const date = day ? parseIsoDay(day) : null;
  return date ? formatFormDate(date) : '';
};

/**
 * A list filter's date with Reset (000 §2): typed or picked as dd.MM.yyyy, handed out as yyyy-MM-dd or null. A day
 * applies as soon as it is complete; text that is no day (or outside the years the calendar offers) stays as typed,
 * says what is wrong beside the input once the input is left or Enter is pressed, and leaves the list unfiltered by
 * date. Reset is enabled while there is a day or any text, and clears both.
 */
export function DateFilterInput({ label, value, onChange }: { label: string; value: string | null; onChange: (day: string | null) => void }) {
  const today = useMemo(() => venueToday(Date.now()), []);
  const [text, setText] = useState(() => shown(value));
  const [checked, setChecked] = useState(false);
  const messageId = useId();
  const error = checked ? formDateError(text, today) : undefined;

  // The address changed from elsewhere (browser Back, a link): show its day. Text that says no day goes with null
  // (see commit), so it stays.
  useEffect(() => {
    if (value === typedFormDay(text, today)) return;
    setText(shown(value));
    setChecked(false);
    // Only a new value from outside drives this; the text is read as it is then.
  }, [value]);

  const change = (next: string) => {
    setText(next);
    const day = typedFormDay(next, today);
    if (day !== null || next.trim() === '') {
      setChecked(false);
      if (day !== value) onChange(day);
    }
  };

  /** Leaving the input (or Enter): text that is no day says so, and the list stops filtering by a day it no longer shows. */
  const commit = () => {
    if (text.trim() === '' || typedFormDay(text, today) !== null) return;
    setChecked(true);
    if (value !== null) onChange(null);
  };

  const reset = () => {
    setText('');
    setChecked(false);
    if (value !== null) onChange(null);
  };

  return (
    <div className="date-filter">
      <ControlGroup>
        <LazyDateInput
          text={text}
          onTextChange={change}
          onBlur={commit}
          onEnter={commit}
          aria-label={label}
          aria-describedby={error ? messageId : undefined}
          placeholder={label}
          leftIcon="calendar"
          intent={error ? 'danger' : 'none'}
          invalid={Boolean(error)}
        />
        <Button text="Reset" onClick={reset} disabled={!value && text === ''} />
      </ControlGroup>
      {error ? (
        <span id={messageId} className="date-filter-error" role="alert">
          <Icon icon="error" size={12} />
          {error}
        </span>
      ) : null}
    </div>
  );
}
