import { Button, NonIdealState } from '@blueprintjs/core';

/** The shared error block of spec 000 §2: shown when a load fails, with a Retry button. */
export function RetryPanel({ onRetry, detail }: { onRetry: () => void; detail?: string }) {
  return (
    <NonIdealState
      icon="error"
      title="Something going wrong, please try again later.."
      description={
        <>
          {detail ? <p className="retry-detail">{detail}</p> : null}
          <p>If error is not gone, please contact the support</p>
        </>
      }
      action={<Button intent="primary" icon="refresh" text="Retry" onClick={onRetry} />}
    />
  );
}
