/**
 * Response compression (@fastify/compress), br or gzip as the client accepts; tiny answers stay as they are.
 *
 * Every answer: Brotli at quality 4. Map SVGs (7 MB for the stadium, compressed once per version anyway) and big JSON
 * shrink several times; quality 11, the default, takes seconds on 7 MB.
 *
 * Routes that stream a whole file of tens or hundreds of MB (the year's accounting CSV: about 210 MB) use quality 1
 * instead: on CSV rows, one core, quality 4 took 1.09 s of CPU per 38.5 MB and quality 1 0.18 s, for an output 19 %
 * larger (4.4 → 5.2 MB); gzip at level 1 0.17 s (7.1 MB). For the year's file that is about 5 s of CPU less, on a
 * server whose database needs the same two cores to write the rows (docs/reports.md "The year's accounting file").
 */
import { constants as zlib } from 'node:zlib';

const shared = { threshold: 4096, encodings: ['br', 'gzip'] as ('br' | 'gzip')[] };

/** The plugin's options: every route. */
export const COMPRESSION = { ...shared, global: true, brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } };

/** A route's `compress` option for a route that streams big files (it replaces the plugin's options on that route). */
export const FILE_STREAM_COMPRESSION = { ...shared, brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } }, zlibOptions: { level: 1 } };
