/**
 * Work in groups (group commit, for writes): callers that arrive while a group is being worked on wait and go together in the next one. Under
 * load, 50 concurrent reserves become a few transactions of many requests each instead of 50 transactions, so the
 * database runs a handful of statements per group rather than a dozen per request (bench/reserve; the statements,
 * not the commits, are PGlite's cost). When the server is idle a request waits only for the current poll phase
 * (setImmediate), so requests that arrived together start together.
 *
 * `work` gets the inputs in arrival order and answers one outcome per input: a value, or an Error that rejects only
 * that caller. A throw from `work` rejects every caller of the group. `alone(input)` marks inputs that must form a
 * group of their own (their rules are not written set-based).
 */
export function inGroups<In, Out>(
  work: (inputs: In[]) => Promise<(Out | Error)[]>,
  opts: { max: number; alone?: (input: In) => boolean },
): (input: In) => Promise<Out> {
  interface Waiting { input: In; resolve: (out: Out) => void; reject: (err: unknown) => void }
  const queue: Waiting[] = [];
  let busy = false;

  /** The next group: the queue's head and the inputs after it up to max, stopping before one that must go alone. */
  function nextGroup(): Waiting[] {
    if (opts.alone?.(queue[0].input)) return queue.splice(0, 1);
    let n = 1;
    while (n < queue.length && n < opts.max && !opts.alone?.(queue[n].input)) n++;
    return queue.splice(0, n);
  }

  async function drain() {
    while (queue.length > 0) {
      const group = nextGroup();
      try {
        const outcomes = await work(group.map((w) => w.input));
        group.forEach((w, i) => {
          const out = outcomes[i];
          if (out instanceof Error) w.reject(out);
          else w.resolve(out);
        });
      } catch (err) {
        for (const w of group) w.reject(err);
      }
    }
    busy = false;
  }

  return (input) => new Promise<Out>((resolve, reject) => {
    queue.push({ input, resolve, reject });
    if (!busy) {
      busy = true;
      setImmediate(() => void drain());
    }
  });
}
