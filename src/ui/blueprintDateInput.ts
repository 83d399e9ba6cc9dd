// The chunk LazyDateInput loads: Blueprint's calendar with its stylesheet (the day picker's layout and Blueprint's
// look for it; without it the calendar's caption, month and year menus and arrows stack unstyled).
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import './calendar.css';

export { DatePicker as default } from '@blueprintjs/datetime';
