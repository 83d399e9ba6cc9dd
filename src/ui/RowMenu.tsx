import { Button, Menu, MenuItem, PopoverNext, type IconName, type Intent } from '@blueprintjs/core';

export interface RowMenuItem {
  text: string;
  icon?: IconName;
  intent?: Intent;
  onClick: () => void;
  hidden?: boolean;
}

/** A table row's actions behind a "more" button; clicks inside never reach the row's own click. */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  return (
    <span className="row-menu" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <PopoverNext
        placement="bottom-end"
        content={
          <Menu aria-label={label}>
            {items.filter((i) => !i.hidden).map((i) => (
              <MenuItem key={i.text} text={i.text} icon={i.icon} intent={i.intent} onClick={i.onClick} />
            ))}
          </Menu>
        }
      >
        <Button variant="minimal" icon="more" aria-label={label} />
      </PopoverNext>
    </span>
  );
}
