import { useEffect, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { Button, Classes, PopoverNext } from '@blueprintjs/core';
import { whenShellIdle } from './whenShellIdle';

/**
 * The header's profile menu: its button first, the popover around it once the page has loaded and gone quiet
 * (whenShellIdle), or at once when the button is pressed before that. A closed `PopoverNext` runs ~40 kB of functions
 * (floating-ui, the overlay, the transition group) in the shell's first render, which on a reload of a map's URL was
 * work done before the map's first frame for a menu nobody had opened (docs/venue-map-journal.md, seventh and eighth
 * sessions). The button alone is drawn exactly as the popover's target is (the same wrapper, classes and ARIA), so the
 * header looks the same. The swap puts a new button in the old one's place: when the old one had the keyboard's focus,
 * the new one takes it, and a swap is put off while the button is pressed (a click whose press and release would land on
 * two different buttons). Pressed before the swap (a click, Enter or Space), the popover mounts open.
 */
export function ProfileMenu({ text, menu }: { text: string; menu: ReactElement }) {
  const [popover, setPopover] = useState<'none' | 'closed' | 'open'>('none');
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (popover !== 'none') return undefined;
    return whenShellIdle(() => {
      const el = button.current;
      // Pressed right now: the next quiet moment.
      if (el?.matches(':active')) return false;
      refocus.current = el !== null && el === document.activeElement;
      setPopover('closed');
      return true;
    });
  }, [popover]);
  useLayoutEffect(() => {
    if (popover === 'none' || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [popover]);
  const props = { ref: button, variant: 'minimal', icon: 'user', endIcon: 'caret-down', text, 'aria-label': 'Profile menu' } as const;
  if (popover !== 'none') {
    return (
      <PopoverNext content={menu} placement="bottom-end" defaultIsOpen={popover === 'open'}>
        <Button {...props} />
      </PopoverNext>
    );
  }
  const openNow = () => {
    refocus.current = button.current !== null && button.current === document.activeElement;
    setPopover('open');
  };
  // What PopoverNext renders around a closed target (PopoverTarget): its wrapper and the target's ARIA; the data
  // attribute says the popover is still to come (browser flows wait for the swap by it).
  return (
    <span className={Classes.POPOVER_TARGET} data-popover-pending="">
      <Button {...props} aria-expanded={false} aria-haspopup="menu" onClick={openNow} />
    </span>
  );
}
