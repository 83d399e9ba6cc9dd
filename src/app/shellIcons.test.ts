import { Icons, IconSize, type IconName } from '@blueprintjs/icons';
import * as allPaths16 from '@blueprintjs/icons/lib/esm/generated/16px/paths';
import { pascalCase } from 'change-case';
import { describe, expect, it } from 'vitest';
import { CONSOLE_ROLES, sideMenuFor } from '../domain/roles';
import { loadShellIcons, SIDE_MENU_ICONS } from './shellIcons';

const byName = allPaths16 as unknown as Record<string, string[]>;

describe('the shell icons loaded before the first render', () => {
  it('puts the same paths Blueprint would load for each icon in its store, for the side menu of every role, the header and the done marks', async () => {
    const sideMenu = CONSOLE_ROLES.flatMap((role) => sideMenuFor(role).map((item) => SIDE_MENU_ICONS[item.key]));
    const shell = [...new Set<IconName>([...sideMenu, 'menu', 'user', 'caret-down', 'tick-circle', 'circle'])];
    expect(shell.some((name) => Icons.getPaths(name, IconSize.STANDARD) !== undefined)).toBe(false);
    await loadShellIcons();
    for (const name of shell) {
      // Blueprint's own loader (splitPathsBySizeLoader) reads the 16 px module's export named in pascal case.
      expect(Icons.getPaths(name, IconSize.STANDARD), name).toEqual(byName[pascalCase(name)]);
      expect(byName[pascalCase(name)]!.length, name).toBeGreaterThan(0);
    }
    // A small icon (12 px) is drawn from the 16 px paths as well; the 20 px set is not loaded here.
    expect(Icons.getPaths('calendar', 12 as IconSize)).toEqual(byName.Calendar);
    expect(Icons.getPaths('calendar', IconSize.LARGE)).toBeUndefined();
    // Any other icon is still Blueprint's to load on demand.
    expect(Icons.getPaths('add', IconSize.STANDARD)).toBeUndefined();
  });
});
