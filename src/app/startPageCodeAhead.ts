import { fetchMapPageCodeAhead } from './pageCodeAhead';

// Imported first by the entry (src/main.tsx), so it runs before the rest of the console's modules are evaluated.
fetchMapPageCodeAhead();
