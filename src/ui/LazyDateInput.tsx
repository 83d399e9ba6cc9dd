import { InputGroup, mergeRefs, PopoverNext, Spinner, type IconName, type Intent } from '@blueprintjs/core';
import { enGB } from 'date-fns/locale';
import { lazy, Suspense, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { formatFormDate, formDateRange, parseFormDate } from '../domain/dates';
import { venueToday } from '../domain/venueClock';

/**
 * Blueprint's calendar, loaded when a person reaches for a date box (the pointer over it, or the focus in it) rather
 * than with the page. Importing @blueprintjs/datetime works out the UTC offset of ~300 time zones for its time-zone
 * picker (an Intl.DateTimeFormat each): 250–400 ms of main thread on 2 cores, which every page with a date box paid
 * while it loaded, used or not (measured: 424 of 1,136 ms of the events list's JavaScript on a first visit). The text
 * box is Blueprint core's, so typing works before the chunk is there; only the calendar waits, behind a spinner.
 */
const loadCalendar = () => import('./blueprintDateInput');
const DatePicker = lazy(loadCalendar);

export interface LazyDateInputProps {
  /** The text in the box, exactly as typed (or as a pick in the calendar wrote it, dd.MM.yyyy). Never rewritten here. */
  text: string;
  /** Every keystroke, and a day picked in the calendar (as dd.MM.yyyy; '' when a picked day is clicked again). */
  onTextChange: (text: string) => void;
  id?: string;
  name?: string;
  'aria-label'?: string;
  /** The id of a message about the text (an error shown beside the input). */
  'aria-describedby'?: string;
  placeholder?: string;
  disabled?: boolean;
  intent?: Intent;
  invalid?: boolean;
  leftIcon?: IconName;
  /** Whether clicking the picked day again empties the field. */
  canClearSelection?: boolean;
  onFocus?: () => void;
  /** Focus left the box and its calendar (moving between the two is no blur). */
  onBlur?: () => void;
  /** Enter in the box. */
  onEnter?: () => void;
}

/**
 * A date typed as dd.MM.yyyy (000 §5), with Blueprint's calendar to pick one. Unlike Blueprint's DateInput, which
 * holds a Date and shows "Invalid date" or "Out of range" in place of text it cannot read, this input holds the text:
 * what was typed stays as typed, and the caller says what is wrong with it (formDateError in src/domain/dates.ts).
 * The calendar opens on focus or click and offers the years formDateRange allows; ArrowDown moves into it, Escape
 * and Tab close it (Tab out of the calendar comes back to the box), a picked day fills the box and gives the focus
 * back to it. PopoverNext, as Blueprint 6 asks: its Popover places content wrongly under React 19.
 */
export function LazyDateInput(props: LazyDateInputProps) {
  const { text, onTextChange, disabled, canClearSelection = true } = props;
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const refocusing = useRef(false);
  const calendarId = useId();
  const range = useMemo(() => formDateRange(venueToday(Date.now())), []);
  // The calendar's day for the text, the same Date while the text stays (DatePicker compares by reference and would
  // jump back to that month on every render).
  const day = useMemo(() => {
    const date = parseFormDate(text);
    return date && date >= range.min && date <= range.max ? date : null;
  }, [text, range]);

  const isInside = (target: EventTarget | null) =>
    target instanceof Node && Boolean(inputRef.current?.contains(target) || contentRef.current?.contains(target));

  /** Closes the calendar and puts the focus back in the box without opening the calendar again. */
  const backToInput = () => {
    setOpen(false);
    refocusing.current = true;
    inputRef.current?.focus();
    refocusing.current = false;
  };

  const leave = (e: FocusEvent) => {
    if (isInside(e.relatedTarget)) return;
    // Focus went elsewhere: close. Focus went nowhere (a click on the page, or on a calendar day in a browser that
    // does not focus buttons): an outside click closes through the popover, a day click must still land.
    if (e.relatedTarget) setOpen(false);
    props.onBlur?.();
  };

  /** Focuses the calendar's current day once it is drawn (the popover opens and the chunk renders a few frames on). */
  const focusCalendar = (framesLeft: number) =>
    requestAnimationFrame(() => {
      const day = contentRef.current?.querySelector<HTMLElement>('.rdp [tabindex="0"]');
      if (day) day.focus();
      else if (framesLeft > 0) focusCalendar(framesLeft - 1);
    });

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
    } else if (e.key === 'Tab') {
      setOpen(false);
    } else if (e.key === 'ArrowDown' && !disabled) {
      e.preventDefault();
      setOpen(true);
      focusCalendar(30);
    } else if (e.key === 'Enter') {
      setOpen(false);
      props.onEnter?.();
    }
  };

  const calendar = (
    <div
      ref={contentRef}
      id={calendarId}
      role="dialog"
      aria-label="Calendar"
      onBlur={(e) => {
        if (e.relatedTarget && !isInside(e.relatedTarget)) {
          setOpen(false);
          props.onBlur?.();
        }
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          backToInput();
        }
      }}
    >
      {/* Tab past either end of the calendar comes back to the box (the calendar sits at the end of the page). */}
      <div tabIndex={0} onFocus={backToInput} />
      <Suspense fallback={<Spinner size={20} aria-label="Loading the calendar" className="date-input-loading" />}>
        <DatePicker
          value={day}
          onChange={(picked, isUserChange) => {
            // Leafing through months and years changes no date; only a clicked day does.
            if (!isUserChange) return;
            onTextChange(picked ? formatFormDate(picked) : '');
            backToInput();
          }}
          minDate={range.min}
          maxDate={range.max}
          // Vite cannot resolve Blueprint's dynamic locale import: the date-fns locale is passed in (Monday first).
          locale={enGB}
          canClearSelection={canClearSelection}
          highlightCurrentDay
        />
      </Suspense>
      <div tabIndex={0} onFocus={backToInput} />
    </div>
  );

  return (
    <PopoverNext
      content={calendar}
      isOpen={open && !disabled}
      onInteraction={(next) => {
        if (!next) setOpen(false);
      }}
      placement="bottom-start"
      arrow={false}
      autoFocus={false}
      enforceFocus={false}
      shouldReturnFocusOnClose={false}
      renderTarget={({ ref, className, isOpen }) => (
        <InputGroup
          className={className}
          inputRef={mergeRefs(ref, inputRef)}
          id={props.id}
          name={props.name}
          aria-label={props['aria-label']}
          aria-describedby={props['aria-describedby']}
          placeholder={props.placeholder}
          disabled={disabled}
          intent={props.intent}
          aria-invalid={props.invalid ? true : undefined}
          leftIcon={props.leftIcon}
          autoComplete="off"
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          aria-controls={isOpen ? calendarId : undefined}
          value={text}
          onChange={(e) => onTextChange(e.target.value)}
          onFocus={() => {
            if (!refocusing.current) setOpen(true);
            props.onFocus?.();
          }}
          onClick={() => setOpen(true)}
          onPointerEnter={() => void loadCalendar()}
          onBlur={leave}
          onKeyDown={onKeyDown}
        />
      )}
    />
  );
}
