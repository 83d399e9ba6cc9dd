/**
 * Keys on the focused map container: arrows/Home/End move the focus seat, Space/Enter toggle it
 * (Shift: its whole row), Escape clears the selection, + / − / 0 zoom. Handled keys do not scroll the page.
 */
import { navDirectionForKey, type NavDirection } from './KeyboardNavigator';

export interface KeyboardIntents {
  move(dir: NavDirection): void;
  toggle(row: boolean): void;
  escape(): void;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
  focusChanged(focused: boolean): void;
}

export class KeyboardInput {
  private readonly disposers: (() => void)[] = [];

  constructor(el: HTMLElement, intents: KeyboardIntents) {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const dir = navDirectionForKey(e.key);
      if (dir) intents.move(dir);
      else if (e.key === ' ' || e.key === 'Enter') intents.toggle(e.shiftKey);
      else if (e.key === 'Escape') intents.escape();
      else if (e.key === '+' || e.key === '=') intents.zoomIn();
      else if (e.key === '-' || e.key === '_') intents.zoomOut();
      else if (e.key === '0') intents.fit();
      else return;
      e.preventDefault();
    };
    const onFocus = () => intents.focusChanged(true);
    const onBlur = () => intents.focusChanged(false);
    el.addEventListener('keydown', onKey);
    el.addEventListener('focus', onFocus);
    el.addEventListener('blur', onBlur);
    this.disposers.push(
      () => el.removeEventListener('keydown', onKey),
      () => el.removeEventListener('focus', onFocus),
      () => el.removeEventListener('blur', onBlur),
    );
  }

  destroy(): void {
    for (const d of this.disposers) d();
    this.disposers.length = 0;
  }
}
