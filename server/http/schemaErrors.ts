/**
 * Schema failures (Ajv, allErrors) as the spec's `validation_errors`, keyed by field. A body that may take one of
 * several shapes (`anyOf`, e.g. the prices call's seats, section or standing area) fails every shape at once; listing
 * each shape's complaints ("section: Required", "body: must match a schema in anyOf", beside the one real fault)
 * hides what is wrong. So of each anyOf only the shape the body came closest to is kept: the one whose complaints lie
 * deepest in the body, then the one whose types matched, then the one with the fewest complaints (shapes equally
 * close are all kept).
 */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

const depth = (e: SchemaError) =>
  (e.instancePath ? e.instancePath.split('/').length - 1 : 0) + (typeof e.params.missingProperty === 'string' ? 1 : 0);

/** For (branch A, branch B): positive when A came closer to matching than B. */
function closer(a: SchemaError[], b: SchemaError[]): number {
  const deepest = (es: SchemaError[]) => Math.max(...es.map(depth));
  const typesMatched = (es: SchemaError[]) => (es.some((e) => e.keyword === 'type') ? 0 : 1);
  return deepest(a) - deepest(b) || typesMatched(a) - typesMatched(b) || b.length - a.length;
}

/** The errors with each anyOf/oneOf narrowed to its closest branch (innermost first), the anyOf's own line dropped. */
export function closestBranchErrors(errors: readonly SchemaError[]): SchemaError[] {
  let list = [...errors];
  const unions = list.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const union of unions) {
    const prefix = `${union.schemaPath}/`;
    const branches = new Map<string, SchemaError[]>();
    for (const e of list) {
      if (!e.schemaPath.startsWith(prefix)) continue;
      const branch = e.schemaPath.slice(prefix.length).split('/', 1)[0];
      (branches.get(branch) ?? branches.set(branch, []).get(branch)!).push(e);
    }
    if (branches.size === 0) continue;
    const all = [...branches.values()];
    const best = all.reduce((a, b) => (closer(b, a) > 0 ? b : a));
    // Shapes that came equally close are all kept: the caller may have meant any of them.
    const kept = new Set(all.filter((b) => closer(b, best) === 0).flat());
    list = list.filter((e) => e !== union && (!e.schemaPath.startsWith(prefix) || kept.has(e)));
  }
  return list;
}

/** `validation_errors` of schema failures: the field's dotted path, "Required" for a missing one. */
export function schemaValidationErrors(errors: readonly SchemaError[], context: string | undefined): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const v of closestBranchErrors(errors)) {
    const missing = v.params.missingProperty as string | undefined;
    const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const field = missing ? (path ? `${path}.${missing}` : missing) : path || context || 'body';
    const message = missing ? 'Required' : (v.message ?? 'Invalid value');
    const list = (fields[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return fields;
}
