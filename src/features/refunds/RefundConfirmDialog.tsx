import type { OrderItem } from '../../contracts/orders';
import { formatSek } from '../../domain/money';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

export interface RefundLine {
  item: OrderItem;
  /** What the sale loses (the price decrease), öre. */
  amountOre: number;
  /** What goes back to the customer, öre; the rest is the refund fee kept. */
  backOre: number;
  keepValid: boolean;
}

const seatWords = (i: OrderItem) =>
  i.general_admission ? `${i.section ?? 'Standing'} (standing place)`
    : [i.section, i.row && `row ${i.row}`, i.seat && `seat ${i.seat}`].filter(Boolean).join(', ') || `ticket ${i.id}`;

/**
 * "Refund 518,00 kr?" before the money goes (issue 38): the amount back to the customer, the refund fee kept, the items, and the seats the
 * refund frees (tickets that do not stay valid), so nobody frees seats by a stray click.
 */
export function RefundConfirmDialog({ orderId, lines, isOpen, loading, onConfirm, onClose }: {
  orderId: number;
  lines: RefundLine[];
  isOpen: boolean;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const totalOre = lines.reduce((sum, l) => sum + l.backOre, 0);
  const keptOre = lines.reduce((sum, l) => sum + l.amountOre - l.backOre, 0);
  const freed = lines.filter((l) => l.item.type === 'ticket' && !l.keepValid);
  return (
    <ConfirmDialog
      isOpen={isOpen} title="Process the refund" confirmText={`Refund ${formatSek(totalOre)}`} intent="danger"
      loading={loading} onConfirm={onConfirm} onClose={onClose}
    >
      <p>
        Refund <strong>{formatSek(totalOre)}</strong> of order #{orderId} ({lines.length} {lines.length === 1 ? 'item' : 'items'})?
      </p>
      <p>{keptOre > 0 ? <>The refund fee kept is <strong>{formatSek(keptOre)}</strong>.</> : 'No refund fee is kept.'}</p>
      {freed.length ? (
        <>
          <p>{freed.length === 1 ? 'This seat is' : `These ${freed.length} seats are`} freed for sale again; the {freed.length === 1 ? 'ticket becomes' : 'tickets become'} invalid:</p>
          <ul aria-label="Seats freed">{freed.map((l) => <li key={l.item.id}>{seatWords(l.item)}</li>)}</ul>
        </>
      ) : <p>No seat is freed: every refunded ticket stays valid.</p>}
    </ConfirmDialog>
  );
}
