import { Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { typeKey } from './saleSeats';

/** The '?' overlay: every key of the sale screen. */
export function KeysOverlay({ isOpen, onClose, types }: { isOpen: boolean; onClose: () => void; types: readonly string[] }) {
  const rows: [string, string][] = [
    ['1 – 9', 'Propose the best N adjacent free seats of the section (front-centre, one row when possible)'],
    ['n', 'Next-best block of the same size'],
    ...types.map((t, i): [string, string] => [typeKey(i), `Ticket type ${t} for the selected seats`]),
    ['Enter', 'Sell the selected seats (or the standing places): the payment step opens on cash'],
    ['Enter (payment)', 'Take the payment: cash with the amount given, or empty for the exact amount'],
    ['c, k, o (payment)', 'In the amount field: cash, card (terminal reference), other'],
    ['Escape (payment)', 'Back to the seats'],
    ['p', 'Print (or reprint) the tickets of the last added seats'],
    ['Escape', 'Clear the selection'],
    ['?', 'This list'],
  ];
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Keys">
      <DialogBody>
        <HTMLTable compact aria-label="Keys">
          <thead><tr><th>Key</th><th>Does</th></tr></thead>
          <tbody>{rows.map(([k, d]) => <tr key={k}><td><kbd>{k}</kbd></td><td>{d}</td></tr>)}</tbody>
        </HTMLTable>
      </DialogBody>
    </Dialog>
  );
}
