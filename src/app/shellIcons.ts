import { Icons, IconSize } from '@blueprintjs/icons';
import blockedPerson from '@blueprintjs/icons/lib/esm/generated/16px/paths/blocked-person';
import briefcase from '@blueprintjs/icons/lib/esm/generated/16px/paths/briefcase';
import calendar from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar';
import caretDown from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down';
import chart from '@blueprintjs/icons/lib/esm/generated/16px/paths/chart';
import circle from '@blueprintjs/icons/lib/esm/generated/16px/paths/circle';
import envelope from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope';
import inbox from '@blueprintjs/icons/lib/esm/generated/16px/paths/inbox';
import link from '@blueprintjs/icons/lib/esm/generated/16px/paths/link';
import map from '@blueprintjs/icons/lib/esm/generated/16px/paths/map';
import menu from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import mobilePhone from '@blueprintjs/icons/lib/esm/generated/16px/paths/mobile-phone';
import office from '@blueprintjs/icons/lib/esm/generated/16px/paths/office';
import people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import person from '@blueprintjs/icons/lib/esm/generated/16px/paths/person';
import shop from '@blueprintjs/icons/lib/esm/generated/16px/paths/shop';
import shoppingCart from '@blueprintjs/icons/lib/esm/generated/16px/paths/shopping-cart';
import tag from '@blueprintjs/icons/lib/esm/generated/16px/paths/tag';
import tickCircle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import timelineEvents from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-events';
import user from '@blueprintjs/icons/lib/esm/generated/16px/paths/user';
import type { SideMenuKey } from '../domain/roles';

/**
 * The 16 px icons of the console's shell, drawn from the first render of every page: the header's (menu, profile),
 * the side menu's and the event menu's done marks. Blueprint loads an icon's paths on demand, by default by
 * importing the module of all 16 px paths (305 kB, ~700 icons) as the first icon mounts and then rendering every
 * icon again once it has run; a reload of the map's URL evaluated that module and re-rendered the shell's ~20 icons
 * while the map was being set up (docs/venue-map-journal.md "The reload of the map's URL in 0.6 s: …, seventh session").
 * These few are in the first bundle and loaded before the first render, so they are drawn at once; any other icon
 * loads as before.
 */
const SHELL_PATHS_16 = {
  'blocked-person': blockedPerson, briefcase, calendar, 'caret-down': caretDown, chart, circle, envelope, inbox, link, map,
  menu, 'mobile-phone': mobilePhone, office, people, person, shop, 'shopping-cart': shoppingCart, tag,
  'tick-circle': tickCircle, 'timeline-events': timelineEvents, user,
} as const satisfies Record<string, string[]>;

export type ShellIconName = keyof typeof SHELL_PATHS_16;

/** The side menu's icon for each of its items (spec 000 §2). */
export const SIDE_MENU_ICONS: Record<SideMenuKey, ShellIconName> = {
  events: 'calendar', crm: 'envelope', season: 'timeline-events', promoters: 'office', blacklist: 'blocked-person',
  corporates: 'briefcase', boxoffice: 'shop', promocodes: 'tag', ombuds: 'people', orders: 'shopping-cart',
  users: 'person', 'scanner-users': 'mobile-phone', affiliates: 'link', reports: 'chart', venues: 'map', outbox: 'inbox',
};

/** Puts the shell's icons in Blueprint's store (resolves within a few microtasks: nothing is fetched). */
export function loadShellIcons(): Promise<void> {
  const names = Object.keys(SHELL_PATHS_16) as ShellIconName[];
  return Icons.load(names, IconSize.STANDARD, { loader: async (name) => SHELL_PATHS_16[name as ShellIconName] });
}
