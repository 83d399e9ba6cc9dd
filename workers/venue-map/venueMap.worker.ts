import * as Comlink from 'comlink';
import { createVenueMapWorkerApi } from './venueMapWorkerApi';

/** The venue-map worker: exposes the pure API; results carrying typed arrays are transferred, never copied. */
Comlink.expose(createVenueMapWorkerApi((value, buffers) => Comlink.transfer(value, buffers)));
