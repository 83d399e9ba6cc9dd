import { MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE } from '../plugins/inputLimits';
import { ValidationError } from '../httpErrors';

/** Form fields as multipart sends them: flat bracketed keys (`translations[0][name]`), nested back into objects. */
/** `a[b][0][c]` → ['a', 'b', '0', 'c']. */
export function bracketPath(key: string): string[] {
  const head = key.split('[', 1)[0];
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]);
  return [head, ...rest];
}

/** Flat bracketed keys into nested objects; numeric segments make arrays. Prototype keys are refused. */
export function nestFields(flat: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const path = bracketPath(key);
    if (path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    if (path.length > MAX_INPUT_DEPTH) throw new ValidationError({ body: [TOO_DEEP_MESSAGE] });
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]);
      node[segment] ??= nextIsIndex ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}
