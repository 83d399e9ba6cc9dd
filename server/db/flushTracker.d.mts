/** Types of flushTracker.mjs (plain JavaScript, as PGlite's thread that uses it). */
export interface FlushTracker {
  flushWal(): void;
  opened(fd: number, file: unknown, flags: unknown): void;
  beforeWrite(fd: number): void;
  afterWrite(fd: number): void;
  beforeClose(fd: number): void;
  renamed(to: unknown): void;
  /** A folder was made (its parent and itself are flushed at the next checkpoint). */
  madeDir(dir: unknown): void;
}

export function createFlushTracker(dataDir: string, disk: { fsync(fd: number): void; fsyncDir(dir: string): void }): FlushTracker;
