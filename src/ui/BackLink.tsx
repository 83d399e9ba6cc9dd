import { Link } from 'react-router-dom';

export function BackLink({ to, label = 'Back' }: { to: string; label?: string }) {
  return (
    <Link className="back-link" to={to}>
      {'< '}
      {label}
    </Link>
  );
}
