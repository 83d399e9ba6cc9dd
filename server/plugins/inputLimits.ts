import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../httpErrors';

/**
 * Bad input is refused as 4xx, never reaches the database as a 500 (docs/security.md "Input"):
 *
 * - JSON bodies are validated without type coercion: `null` or `true` never turn into 0 or 1 SEK.
 *   Path params, query strings and headers are text, so they are coerced — but an integer there must be
 *   written in plain decimal digits (`0x14`, `+20`, `2e1`, `1e300`, `Infinity` are refused, not read as 20).
 * - Every integer and number in a schema is bounded: a route that sets no bound gets the int4 range for integers
 *   and ±10,000,000 for numbers (money in SEK, whose öre must fit an int4), so no value overflows a column.
 * - No text may carry a NUL character (PostgreSQL's text cannot hold one), in a body, a query or a path param.
 * - No input nests deeper than MAX_INPUT_DEPTH objects or arrays: the probe's 5,000-level JSON overflowed the stack
 *   of code that walks a body (issue 34); every form of ours nests fewer than ten.
 */
const INT4_MAX = 2_147_483_647;
const NUMBER_LIMIT = 10_000_000;
const PLAIN_DIGITS = /^\d{1,16}$/;

type Schema = Record<string, unknown>;

/** A copy of the schema with every unbounded integer or number bounded (recursively). */
export function boundNumbers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundNumbers);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) {
    // `properties`, `patternProperties` and `$defs` map names to schemas; every other object value is a schema.
    if ((key === 'properties' || key === 'patternProperties' || key === '$defs') && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, boundNumbers(v)]));
    } else {
      out[key] = boundNumbers(value);
    }
  }
  const types = [out.type].flat();
  if (types.includes('integer')) {
    out.maximum ??= INT4_MAX;
    out.minimum ??= -INT4_MAX - 1;
  } else if (types.includes('number')) {
    out.maximum ??= NUMBER_LIMIT;
    out.minimum ??= -NUMBER_LIMIT;
  }
  return out;
}

/** Names of the top-level properties that are integers (or numbers) in a params or querystring schema. */
function numericProperties(schema: Schema): string[] {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  return Object.entries(props)
    .filter(([, s]) => {
      const types = [s.type].flat();
      const anyOf = (s.anyOf ?? s.oneOf ?? []) as Schema[];
      return types.includes('integer') || types.includes('number') || anyOf.some((a) => [a.type].flat().some((t) => t === 'integer' || t === 'number'));
    })
    .map(([name]) => name);
}

function makeAjv(coerce: boolean) {
  const ajv = new Ajv({ coerceTypes: coerce ? 'array' : false, removeAdditional: true, useDefaults: true, allErrors: true, strict: false });
  addFormats(ajv);
  return ajv;
}

/**
 * The compiled validators, by route schema and part: an app compiles each of its schemas once, and a process that
 * builds several apps over the same route modules (the server suite runs its files in one process per worker) compiles
 * them once in all instead of once per app (about a second of CPU per app). A validator holds no state of its own
 * between calls (its `errors` belong to the call just made).
 */
const compiled = new WeakMap<object, Map<string, ValidateFunction>>();
let validators: { strict: Ajv; coercing: Ajv } | null = null;

/** The validator compiler: coercion for text parts only, plain digits for integers in paths and queries. */
export function installValidators(app: FastifyInstance) {
  validators ??= { strict: makeAjv(false), coercing: makeAjv(true) };
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const part = httpPart ?? '';
    let byPart = compiled.get(schema);
    if (!byPart) compiled.set(schema, (byPart = new Map()));
    const known = byPart.get(part);
    if (known) return known;
    const made = compileValidator(schema as Schema, part);
    byPart.set(part, made);
    return made;
  });
}

function compileValidator(schema: Schema, httpPart: string): ValidateFunction {
  const { strict, coercing } = validators!;
  const bounded = boundNumbers(schema) as Schema;
  if (httpPart === 'body') return strict.compile(bounded);
  const validate = coercing.compile(bounded);
  const numeric = httpPart === 'params' || httpPart === 'querystring' ? numericProperties(bounded) : [];
  if (numeric.length === 0) return validate;
  const checked = ((data: Record<string, unknown>) => {
    const errors: ErrorObject[] = [];
    for (const name of numeric) {
      const raw = data?.[name];
      if (typeof raw === 'string' && raw !== '' && !PLAIN_DIGITS.test(raw)) {
        errors.push({ instancePath: `/${name}`, schemaPath: '#/plain-digits', keyword: 'pattern', params: {}, message: 'Must be a whole number' });
      }
    }
    if (errors.length) {
      checked.errors = errors;
      return false;
    }
    const ok = validate(data);
    checked.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  return checked;
}

export const MAX_INPUT_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `Nested too deeply: at most ${MAX_INPUT_DEPTH} levels of objects and arrays`;

/** True when objects and arrays nest deeper than `max` levels; walks without recursion, so no input overflows it. */
export function nestsDeeperThan(value: unknown, max = MAX_INPUT_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (!node || typeof node !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(node as Record<string, unknown>)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** The first path (dotted) to a string holding a NUL character, or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = findNul(v, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return path ? `${path}.${k}` : k;
      const found = findNul(v, path ? `${path}.${k}` : k);
      if (found) return found;
    }
  }
  return null;
}

export const inputLimitsPlugin = fp(async (app: FastifyInstance) => {
  // Before validation, on the matched route: a NUL in a path param, a query field or a body field is named (422).
  app.addHook('preValidation', async (request) => {
    if (nestsDeeperThan(request.body)) throw new ValidationError({ body: [TOO_DEEP_MESSAGE] });
    const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body);
    if (field) throw new ValidationError({ [field]: ['May not contain a NUL character'] });
  });
});
