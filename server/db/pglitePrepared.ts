import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { Named, QueryResult } from './database';

/**
 * Named statements on PGlite. Its `query()` sends every statement as an unnamed one: parsed, described and planned
 * again on each call, in six calls into the engine. A named statement is parsed and described once; afterwards one
 * call into the engine binds and executes it (Bind, Describe, Execute, Sync in one message). PostgreSQL keeps the
 * statement for the session and replans it only when a table it reads changes (bench/reserve: the reserve's
 * statements cost half as much this way).
 *
 * `run` must be called under the lock that `query()` takes: the caller's transaction (pgliteDb.ts).
 */
export function namedStatements(pg: PGlite) {
  const { serialize } = protocol;
  /** Parameter type oids of each statement prepared in this session, and the text it was prepared with. */
  const prepared = new Map<string, { text: string; types: number[] }>();

  async function prepare(named: Named): Promise<number[]> {
    const known = prepared.get(named.name);
    if (known) {
      if (known.text !== named.text) throw new Error(`Statement ${named.name} was prepared with another text.`);
      return known.types;
    }
    const answer = await pg.execProtocol(joined([serialize.parse({ name: named.name, text: named.text }), serialize.describe({ type: 'S', name: named.name }), serialize.sync()]), { syncToFs: false });
    const types = parse.parseDescribeStatementResults(answer.messages);
    prepared.set(named.name, { text: named.text, types });
    return types;
  }

  return {
    async run<Row>(named: Named, params: unknown[], syncToFs: boolean): Promise<QueryResult<Row>> {
      const types = await prepare(named);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pg.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const answer = await pg.execProtocol(joined([
        serialize.bind({ statement: named.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync(),
      ]), { syncToFs });
      const [result] = parse.parseResults(answer.messages, pg.parsers);
      return { rows: result.rows as Row[], rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
