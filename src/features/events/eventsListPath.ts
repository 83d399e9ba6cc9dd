/**
 * The events list's address with its search, filters and page (`/events?q=…&status=…`), kept for the events'
 * "< Back". Its own module, not the list page's: the event's layout and side menu (in the console's first bundle)
 * read it, and importing the page for it kept the whole list page in that bundle.
 */
let lastListPath = '/events';

export const eventsListPath = () => lastListPath;

/** The list page records its address as it changes. */
export function rememberEventsListPath(path: string): void {
  lastListPath = path;
}
