/** Told when a map's response has arrived; `cached`: the model comes from the browser's model cache (a reopen). */
export type OnMapResponse = (cached: boolean) => unknown;

/** Tells `onResponse` (a function, or a Comlink proxy of one), ignoring its failures: it is advice, not part of the load. */
export function notifyResponse(onResponse: OnMapResponse | undefined, cached: boolean): void {
  if (!onResponse) return;
  try {
    void Promise.resolve(onResponse(cached)).catch(() => {});
  } catch {
    // the listener's problem, not the load's
  }
}
