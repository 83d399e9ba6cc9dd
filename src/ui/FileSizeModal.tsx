import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';

export const FILE_SIZE_MESSAGE = 'The file size is larger than 100Mb. Please optimise the image or select another.';

/** Spec 000 §5: a file over the limit is refused with this modal, titled "File size". */
export function FileSizeModal({ isOpen, onClose, message = FILE_SIZE_MESSAGE }: { isOpen: boolean; onClose: () => void; message?: string }) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="File size" icon="warning-sign">
      <DialogBody>
        <p>{message}</p>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text="OK" onClick={onClose} />} />
    </Dialog>
  );
}
