import { Button, DialogFooter } from '@blueprintjs/core';

/** A form dialog's footer: Cancel, and the submit button (Save unless told) that spins while the form submits. */
export function FormDialogFooter({ onCancel, submitting, submitText = 'Save' }: { onCancel: () => void; submitting?: boolean; submitText?: string }) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text="Cancel" onClick={onCancel} />
          <Button type="submit" intent="primary" text={submitText} loading={submitting} />
        </>
      }
    />
  );
}
