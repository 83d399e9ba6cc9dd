/**
 * Why a venue SVG could not be imported, in words an admin can act on. `line` is 1-based when the problem sits at a
 * place in the file (malformed XML, a refused declaration); the message already contains it so it survives being
 * shown as plain text or crossing a worker boundary as a string.
 */
export class VenueSvgError extends Error {
  readonly line: number | undefined;

  constructor(message: string, line?: number) {
    super(line === undefined ? message : `${message} (line ${line})`);
    this.name = 'VenueSvgError';
    this.line = line;
  }

  /**
   * Rebuilds the error from what crossed a worker boundary (Comlink sends name and message only), so callers can
   * still test `instanceof VenueSvgError` and read `line`.
   */
  static revive(error: unknown): unknown {
    if (!(error instanceof Error) || error.name !== 'VenueSvgError' || error instanceof VenueSvgError) return error;
    const match = /^([\s\S]*) \(line (\d+)\)$/.exec(error.message);
    return match ? new VenueSvgError(match[1]!, Number(match[2])) : new VenueSvgError(error.message);
  }
}
