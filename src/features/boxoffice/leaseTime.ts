import { parseFormTime } from '../../domain/dates';
import { venueWallClock as wallClock } from '../../domain/venueClock';

/**
 * "HH:mm" typed at the counter (000 §5, read by parseFormTime) → the lease's end as ISO. The time is the venue's clock
 * (Stockholm), as every lease end is shown: today at that time, or tomorrow when it has passed.
 */
export function leaseEndsAt(hhmm: string, now: Date): string | null {
  const time = parseFormTime(hhmm);
  if (!time) return null;
  const today = new Date(wallClock(now.getTime()));
  const at = (dayShift: number) => {
    const wanted = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + dayShift, time.hours, time.minutes);
    // Wall clock → moment: take off the offset in force then (asked twice, so a change of summer time is met).
    const guess = wanted - (wallClock(wanted) - wanted);
    return wanted - (wallClock(guess) - guess);
  };
  const t = at(0) > now.getTime() ? at(0) : at(1);
  return new Date(t).toISOString();
}

/** The counter's first proposal for a lease's end: four hours from now on the quarter hour, on the venue's clock. */
export function defaultLeaseUntil(now: Date): string {
  const wall = new Date(wallClock(now.getTime() + 4 * 3_600_000));
  const minutes = Math.ceil((wall.getUTCHours() * 60 + wall.getUTCMinutes()) / 15) * 15 % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
