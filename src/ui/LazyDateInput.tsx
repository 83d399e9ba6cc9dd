import { InputGroup } from '@blueprintjs/core';
import type { DateInputProps } from '@blueprintjs/datetime';
import { format, isValid } from 'date-fns';
import { lazy, Suspense } from 'react';

/**
 * Blueprint's DateInput, loaded where a date is first shown rather than with the console. Importing
 * @blueprintjs/datetime works out the UTC offset of ~300 time zones for its time-zone picker (an Intl.DateTimeFormat
 * each), about 250 ms of main thread on 2 cores, which every page paid at start while the date inputs were in the
 * first bundle. Until the chunk is there (a moment, the first time), a read-only input with the same id, name,
 * label, icon and text holds its place, so the layout does not move and nothing can be typed into it.
 */
const DateInput = lazy(() => import('./blueprintDateInput'));

export function LazyDateInput(props: DateInputProps) {
  const date = props.value ? new Date(props.value) : null;
  const text = date && isValid(date) && props.dateFnsFormat ? format(date, props.dateFnsFormat) : '';
  const placeholder = (
    <InputGroup {...props.inputProps} value={text} placeholder={props.placeholder} disabled={props.disabled} readOnly />
  );
  return (
    <Suspense fallback={placeholder}>
      <DateInput {...props} />
    </Suspense>
  );
}
