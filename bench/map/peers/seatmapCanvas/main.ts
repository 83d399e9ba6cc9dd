/** Peer page: @alisaitteke/seatmap-canvas. */
import { mountPeerPage } from '../shared/mountPeerPage';
import { SeatmapCanvasRenderer } from './SeatmapCanvasRenderer';

// The library logs every block it builds and every zoom event; nobody's browser has DevTools attached, the
// bench's has, and serialising those messages is not the library's rendering cost.
for (const name of ['log', 'info', 'debug'] as const) console[name] = () => {};

mountPeerPage(new SeatmapCanvasRenderer());
