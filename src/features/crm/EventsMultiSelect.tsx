import { FormGroup, MenuItem } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import { useGetEventDropdownQuery } from '../../api/eventsApi';

interface EventOption {
  id: number;
  name: string;
}

/** The events a segment is narrowed to (none chosen: all of the caller's events). 'Error fetching events' (002 §8). */
export function EventsMultiSelect({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const filters = useGetEventDropdownQuery();
  const events: EventOption[] = filters.data?.data ?? [];
  const chosen = events.filter((e) => value.includes(e.id));
  const toggle = (e: EventOption) => onChange(value.includes(e.id) ? value.filter((id) => id !== e.id) : [...value, e.id]);
  return (
    <FormGroup label="Events" labelFor="crm-events" helperText={filters.isError ? 'Error fetching events' : 'None chosen: all events'}
      intent={filters.isError ? 'danger' : 'none'}>
      <MultiSelect<EventOption>
        items={events}
        selectedItems={chosen}
        placeholder="All events"
        itemPredicate={(q, e) => e.name.toLowerCase().includes(q.trim().toLowerCase())}
        itemRenderer={(e, { handleClick, handleFocus, modifiers }) =>
          modifiers.matchesPredicate ? (
            <MenuItem key={e.id} text={e.name} active={modifiers.active} roleStructure="listoption"
              selected={value.includes(e.id)} onClick={handleClick} onFocus={handleFocus} />
          ) : null}
        tagRenderer={(e) => e.name}
        onItemSelect={toggle}
        onRemove={(e) => toggle(e)}
        onClear={() => onChange([])}
        noResults={<MenuItem disabled text="There is no events" roleStructure="listoption" />}
        tagInputProps={{ inputProps: { id: 'crm-events', 'aria-label': 'Events' } }}
        resetOnSelect
        fill
      />
    </FormGroup>
  );
}
