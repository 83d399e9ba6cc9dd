import { Tag } from '@blueprintjs/core';
import type { OrderPerson } from '../../contracts/orders';
import { isHighlightedConfirmation } from '../../domain/orders';
import { formatSek } from '../../domain/money';

/** Confirmation status; confirmed and mixed are highlighted (001 §4). */
export function ConfirmationTag({ status }: { status: string }) {
  const highlighted = isHighlightedConfirmation(status);
  return (
    <Tag intent={highlighted ? 'success' : 'none'} minimal={!highlighted} className={highlighted ? 'order-confirmed' : undefined}>
      {status}
    </Tag>
  );
}

export function personName(p: OrderPerson): string {
  if (!p) return '–';
  return p.name || [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email || `User ${p.id}`;
}

/** A person as the order screens show them: name, then phone or email; unregistered said so. */
export function PersonCell({ person }: { person: OrderPerson }) {
  if (!person) return <>–</>;
  return (
    <span className="order-person">
      <span>{personName(person)}</span>
      {person.status === 'unregistered' ? <Tag minimal intent="warning">unregistered</Tag> : null}
      <span className="bp6-text-muted"> {person.phone ?? person.email ?? ''}</span>
    </span>
  );
}

/** SEK with a decimal comma (house style), from the API's SEK numbers. */
export const sek = (amount: number) => formatSek(Math.round(amount * 100));
