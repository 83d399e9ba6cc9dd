// What PGlite's thread flushes to disk when PGLITE_FSYNC is on (pgliteWorker.mjs wraps Node's fs calls with it).
// PGlite runs PostgreSQL with fsync off, so the engine never asks for a flush itself; this puts back the two that make
// a crash of the machine lose nothing acknowledged:
// - the write-ahead log: the files written during a batch of statements are flushed before its answer goes back
//   (flushWal), and their folder when a segment was created or renamed into place;
// - the checkpoint: data files written since the last checkpoint are flushed (after the log) before pg_control
//   records the new checkpoint, and pg_control right after. Once pg_control says "checkpoint at X", PostgreSQL may
//   recycle the log before X, so the pages that log described must already be on disk.
// Data files written between checkpoints need no flush of their own: the log holds their changes. A dirty file that
// is closed is flushed as it closes (its descriptor would be gone by the next flush). A folder whose entries changed
// since the last checkpoint (a data file created or renamed into it, a folder made in it: a new table's file, a new
// commit-log segment, a new database's folder) is flushed at the checkpoint too, after the files and before
// pg_control: until then the log can make the file again, afterwards only the folder's entry finds it.
// Plain JavaScript, as the thread's own file. docs/operations.md "What the embedded database promises".
import { constants } from 'node:fs';
import path from 'node:path';

/**
 * @param {string} dataDir the database's folder
 * @param {{ fsync(fd: number): void, fsyncDir(dir: string): void }} disk how to flush a file and a folder
 */
export function createFlushTracker(dataDir, disk) {
  const root = path.resolve(dataDir) + path.sep;
  const walDir = path.join(path.resolve(dataDir), 'pg_wal');
  const control = path.join(path.resolve(dataDir), 'global', 'pg_control');
  /** @type {Map<number, 'wal' | 'data' | 'control'>} */
  const kinds = new Map();
  const dirtyWal = new Set();
  const dirtyData = new Set();
  /** Folders of the data (not the log's) whose entries changed since the last checkpoint. */
  const dirtyDirs = new Set();
  let walDirChanged = false;

  const kindOf = (file) => {
    if (typeof file !== 'string') return null;
    const full = path.resolve(file);
    if (full === control) return 'control';
    if (full.startsWith(walDir + path.sep)) return 'wal';
    return full.startsWith(root) ? 'data' : null;
  };
  const creates = (flags) => (typeof flags === 'number' ? (flags & constants.O_CREAT) !== 0 : /[wax]/.test(String(flags)));

  const flushWal = () => {
    for (const fd of dirtyWal) disk.fsync(fd);
    dirtyWal.clear();
    if (walDirChanged) {
      disk.fsyncDir(walDir); // a segment just created is found again after a crash
      walDirChanged = false;
    }
  };

  return {
    flushWal,
    opened(fd, file, flags) {
      const kind = kindOf(file);
      if (!kind) return;
      kinds.set(fd, kind);
      if (kind === 'wal' && creates(flags)) walDirChanged = true;
      else if (kind === 'data' && creates(flags)) dirtyDirs.add(path.dirname(path.resolve(file)));
    },
    beforeWrite(fd) {
      if (kinds.get(fd) !== 'control') return;
      flushWal();
      for (const dirty of dirtyData) disk.fsync(dirty);
      dirtyData.clear();
      for (const dir of dirtyDirs) disk.fsyncDir(dir);
      dirtyDirs.clear();
    },
    afterWrite(fd) {
      const kind = kinds.get(fd);
      if (kind === 'wal') dirtyWal.add(fd);
      else if (kind === 'data') dirtyData.add(fd);
      else if (kind === 'control') disk.fsync(fd);
    },
    beforeClose(fd) {
      if (dirtyWal.delete(fd) || dirtyData.delete(fd)) disk.fsync(fd);
      kinds.delete(fd);
    },
    renamed(to) {
      const kind = kindOf(to);
      if (kind === 'wal') walDirChanged = true;
      else if (kind === 'data') dirtyDirs.add(path.dirname(path.resolve(to)));
    },
    /** A folder was made: its parent's entry, and the new folder's own entries (made next), are flushed at the checkpoint. */
    madeDir(dir) {
      if (kindOf(dir) !== 'data') return;
      const full = path.resolve(dir);
      dirtyDirs.add(path.dirname(full));
      dirtyDirs.add(full);
    },
  };
}
