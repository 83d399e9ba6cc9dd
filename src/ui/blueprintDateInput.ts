// The chunk LazyDateInput loads: Blueprint's date input with its stylesheet (the day picker's layout and Blueprint's
// look for it; without it the calendar's caption, month and year menus and arrows stack unstyled).
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';

export { DateInput as default } from '@blueprintjs/datetime';
