import './ui.css';
import { Spinner } from '@blueprintjs/core';

export function LoadingSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-spinner" role="status" aria-live="polite">
      <Spinner size={40} aria-label={label} />
    </div>
  );
}
