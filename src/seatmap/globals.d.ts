/** Vite define: true in test builds, which then expose the engine's state as `window.__seatMap`. */
declare const __EXPOSE_TEST_STATE__: boolean;
