import { Button, Dialog, DialogBody, DialogFooter, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmText: string;
  intent?: Intent;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" for actions that change or remove something (unpublish, delete, detach). */
export function ConfirmDialog({ isOpen, title, children, confirmText, intent = 'primary', loading, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      <DialogBody>{children}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} disabled={loading} />
            <Button intent={intent} text={confirmText} loading={loading} onClick={onConfirm} />
          </>
        }
      />
    </Dialog>
  );
}
