import { describe, expect, it } from 'vitest';
import { describeEvery, jobState, timeAgo, type JobRunFacts } from './jobHealth';

const job = (over: Partial<JobRunFacts>): JobRunFacts => ({ lastStartedAt: '2026-06-01T10:00:00.000Z', lastError: null, alive: true, ...over });

describe('jobState', () => {
  it('when the job keeps its rhythm and its last run succeeded, then ok', () => expect(jobState(job({}))).toBe('ok'));
  it('when its last run failed, then failing', () => expect(jobState(job({ lastError: 'SMTP refused' }))).toBe('failing'));
  it('when it has not run yet, then waiting', () => expect(jobState(job({ lastStartedAt: null }))).toBe('waiting'));
  it('when the server says it no longer keeps its rhythm, then stopped, even with an error beside it', () =>
    expect(jobState(job({ alive: false, lastError: 'x' }))).toBe('stopped'));
});

describe('describeEvery', () => {
  it.each([[1000, 'every second'], [5000, 'every 5 seconds'], [60_000, 'every minute'], [600_000, 'every 10 minutes']])('%i ms reads "%s"', (ms, text) =>
    expect(describeEvery(ms)).toBe(text));
});

describe('timeAgo', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  it.each([
    [null, 'never'], ['2026-06-01T12:00:00Z', 'just now'], ['2026-06-01T11:59:48Z', '12 s ago'], ['2026-06-01T11:56:00Z', '4 min ago'],
    ['2026-06-01T09:30:00Z', '2 h ago'], ['2026-06-01T12:00:05Z', 'just now'],
  ])('%s reads "%s"', (iso, text) => expect(timeAgo(iso, now)).toBe(text));
});
