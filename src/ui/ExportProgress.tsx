import { Button, ProgressBar } from '@blueprintjs/core';

export interface ExportState {
  /** What is being built ("finance_report_tickets.csv"). */
  label: string;
  /** 0..1, or null while the size is not known. */
  progress: number | null;
  detail?: string;
}

/**
 * A file being built or downloaded: its name, a progress bar and Cancel. Long builds (a CSV of a million rows, a
 * PDF) run off the UI thread; this is what the user sees meanwhile, and their way out.
 */
export function ExportProgress({ state, onCancel }: { state: ExportState; onCancel: () => void }) {
  const percent = state.progress === null ? null : Math.round(state.progress * 100);
  return (
    <div className="export-progress" role="status" aria-live="polite">
      <span className="export-progress-label">
        Preparing {state.label}
        {percent === null ? '…' : ` (${percent} %)`}
        {state.detail ? <span className="export-progress-detail"> {state.detail}</span> : null}
      </span>
      <ProgressBar
        className="export-progress-bar"
        intent="primary"
        value={state.progress ?? undefined}
        animate={state.progress === null}
        aria-label={`Progress of ${state.label}`}
      />
      <Button small icon="cross" text="Cancel" onClick={onCancel} />
    </div>
  );
}
