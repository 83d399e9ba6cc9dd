import type { InputGroupProps } from '@blueprintjs/core';
import { MAX_PRICE_SEK } from '../../contracts/pricing';
import { formatAmountInput } from '../../domain/numericInput';
import { parsePrice } from '../../domain/pricing';
import { NumberInput } from '../../ui/NumberInput';

type Props = Omit<InputGroupProps, 'value' | 'onChange' | 'onValueChange' | 'type' | 'min' | 'max'> & {
  /** The price as the pricing screen keeps it (text, comma or dot; empty for no price). */
  text: string;
  /** The new text: a committed price with two decimals ("450,50"), or '' when the field was emptied. */
  onText: (text: string) => void;
};

/**
 * A price cell of the pricing screens (000 §5, 001 §5): the clamping number field of decision 007. Letters, a second
 * separator and a third decimal are refused while typing; leaving the field clamps to 0–1 000 000 SEK and shows two
 * decimals. Emptying it is allowed (an empty price unchecks its type). What is typed stays in the field after a failed
 * save: the screens keep their text until the selection or the saved prices change.
 */
export function PriceField({ text, onText, ...rest }: Props) {
  return (
    <NumberInput
      placeholder="0,00"
      {...rest}
      value={parsePrice(text)}
      format={formatAmountInput}
      min={0}
      max={MAX_PRICE_SEK}
      decimals={2}
      showRange={false}
      onValueChange={(sek) => onText(formatAmountInput(sek))}
      onEmpty={() => onText('')}
    />
  );
}
