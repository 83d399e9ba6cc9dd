import './DetailsCard.css';
import { Card } from '@blueprintjs/core';

/** A card of label–value pairs (a record's details); an empty value reads '–'. */
export function DetailsCard({ rows }: { rows: readonly (readonly [string, string | null | undefined])[] }) {
  return (
    <Card className="details-card">
      <dl className="details-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '–'}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
