import { InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import {
  commitNumericInput, committedNumericText, filterNumericInput, formatNumericInput, numericRangeText, parseDecimal, type NumericInputOptions,
} from '../domain/numericInput';

type NumberInputProps = NumericInputOptions & Omit<InputGroupProps, 'value' | 'onChange' | 'onValueChange' | 'type' | 'min' | 'max'> & {
  /** The committed number; null shows an empty field. */
  value: number | null;
  /** Called with a typed number once it is in range, and on commit (left, or Enter) with the number clamped to min/max. */
  onValueChange: (value: number) => void;
  /** Shows the range beside the text ("1–12"); on unless told. */
  showRange?: boolean;
  /** An optional field: emptying it calls this (without it, an emptied field goes back to its number). */
  onEmpty?: () => void;
  /** How the committed number is shown ("98,50" for an amount); the Swedish decimal comma without padding unless told. */
  format?: (value: number) => string;
};

/**
 * Every number typed outside a form (quantities, counts, amounts; 001 §5): keystrokes that would not make a number
 * are refused (a letter, a third decimal, a minus where negatives are not allowed), and when the field is left or
 * Enter is pressed the value is clamped to its range, which the field shows (docs/decisions/007-numeric-inputs.md).
 * An empty or unreadable field goes back to the last committed value, unless the field is optional (`onEmpty`).
 */
export function NumberInput({ value, onValueChange, onEmpty, format = formatNumericInput, min, max, decimals, showRange = true, onBlur, onKeyDown, ...rest }: NumberInputProps) {
  const options = { min, max, decimals };
  const shown = value === null ? '' : format(value);
  const [text, setText] = useState(shown);
  const focused = useRef(false);
  // The parent changed the number (a stepper's bounds moved, a reset): show it unless the user is typing.
  useEffect(() => {
    if (!focused.current) setText(shown);
  }, [shown]);
  const commit = () => {
    const next = committedNumericText(text, options);
    if (next === null && onEmpty && text.trim() === '') {
      if (value !== null) onEmpty();
      return;
    }
    if (next === null) {
      setText(shown);
      return;
    }
    const n = parseDecimal(next);
    // Text typed in range stays as typed; a clamped or rounded number is shown in the field's own format.
    setText(next === text || n === null ? next : format(n));
    if (n !== null && n !== value) onValueChange(n);
  };
  const range = showRange ? numericRangeText(options) : '';
  return (
    <InputGroup
      {...rest}
      inputMode={decimals === 0 ? 'numeric' : 'decimal'}
      value={text}
      onFocus={() => { focused.current = true; }}
      onChange={(e) => {
        const next = filterNumericInput(e.currentTarget.value, text, options);
        setText(next);
        // A number already in range counts at once (a button that says "Reserve 3" follows the typing); one outside
        // it waits for the commit, which clamps it.
        const n = parseDecimal(next);
        if (n !== null && commitNumericInput(next, options) === n && n !== value) onValueChange(n);
      }}
      onBlur={(e) => {
        focused.current = false;
        commit();
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        onKeyDown?.(e);
      }}
      rightElement={range ? <span className="numeric-range" aria-hidden="true">{range}</span> : rest.rightElement}
      title={range ? `From ${formatNumericInput(min ?? 0)}${max !== undefined ? ` to ${formatNumericInput(max)}` : ''}` : rest.title}
    />
  );
}
