import { Tag } from '@blueprintjs/core';
import { statusLabel } from './staffShared';

/** A staff member's or affiliate's status: active highlighted. */
export function StaffStatusTag({ status }: { status: string }) {
  return <Tag intent={status === 'active' ? 'success' : 'none'} minimal={status !== 'active'}>{statusLabel(status)}</Tag>;
}
