import path from 'node:path';
import { expect, it } from 'vitest';
import { createFlushTracker } from '../../server/db/flushTracker.mjs';

const dir = path.resolve('/data/db');
const at = (...parts: string[]) => path.join(dir, ...parts);

function tracked() {
  const flushed: (number | string)[] = [];
  const tracker = createFlushTracker(dir, { fsync: (fd: number) => flushed.push(fd), fsyncDir: (d: string) => flushed.push(d) });
  const write = (fd: number) => {
    tracker.beforeWrite(fd);
    tracker.afterWrite(fd);
  };
  return { tracker, flushed, write };
}

it('when a batch writes the log and data pages, then only the log is flushed at its end; a read batch flushes nothing', () => {
  const { tracker, flushed, write } = tracked();
  tracker.opened(3, at('pg_wal', '000000010000000000000001'), 'r+');
  tracker.opened(4, at('base', '5', '16384'), 'r+');
  tracker.flushWal();
  expect(flushed).toEqual([]);
  write(3);
  write(4);
  tracker.flushWal();
  expect(flushed).toEqual([3]);
});

it('when a checkpoint writes pg_control, then the log and every data file written since are flushed before it, and pg_control after', () => {
  const { tracker, flushed, write } = tracked();
  tracker.opened(3, at('pg_wal', '000000010000000000000001'), 'r+');
  tracker.opened(4, at('base', '5', '16384'), 'r+');
  tracker.opened(5, at('base', '5', '16390'), 'r+');
  tracker.opened(6, at('global', 'pg_control'), 'r+');
  tracker.opened(7, '/elsewhere/file', 'w');
  write(4);
  write(3);
  write(5);
  write(7);
  tracker.beforeWrite(6);
  expect(flushed).toEqual([3, 4, 5]);
  tracker.afterWrite(6);
  expect(flushed).toEqual([3, 4, 5, 6]);
  // Flushed once: the next checkpoint flushes only what was written after this one.
  write(4);
  write(6);
  expect(flushed).toEqual([3, 4, 5, 6, 4, 6]);
});

it('when a dirty file is closed, then it is flushed as it closes; a new log segment flushes the log folder too', () => {
  const { tracker, flushed, write } = tracked();
  tracker.opened(4, at('base', '5', '16384'), 'r+');
  write(4);
  tracker.beforeClose(4);
  expect(flushed).toEqual([4]);
  tracker.opened(8, at('pg_wal', '000000010000000000000002'), 'wx');
  write(8);
  tracker.flushWal();
  expect(flushed).toEqual([4, 8, at('pg_wal')]);
  tracker.renamed(at('pg_wal', '000000010000000000000003'));
  tracker.flushWal();
  expect(flushed).toEqual([4, 8, at('pg_wal'), at('pg_wal')]);
});

it('when data files are created or renamed and a folder is made between checkpoints, then their folders are flushed at the next checkpoint, after the files and before pg_control', () => {
  const { tracker, flushed, write } = tracked();
  tracker.opened(4, at('base', '5', '16384'), 'r+'); // an existing file: no folder to flush for it
  tracker.opened(5, at('base', '5', '16400'), 'wx'); // a new table's file
  tracker.madeDir(at('base', '16500')); // a new database's folder
  tracker.renamed(at('pg_xact', '0001'));
  tracker.madeDir('/elsewhere/dir'); // not the database's
  tracker.opened(6, at('global', 'pg_control'), 'r+');
  write(4);
  write(5);
  tracker.flushWal();
  expect(flushed).toEqual([]); // a commit flushes the log only; the log can make the files again until the checkpoint
  tracker.beforeWrite(6);
  expect(flushed).toEqual([4, 5, at('base', '5'), at('base'), at('base', '16500'), at('pg_xact')]);
  tracker.afterWrite(6);
  // Flushed once: the next checkpoint has no folder left to flush.
  flushed.length = 0;
  write(6);
  expect(flushed).toEqual([6]);
});
