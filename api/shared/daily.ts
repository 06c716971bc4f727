/** Manila keeps UTC+8 all year (no daylight saving), so a time of day there is a fixed time of day in UTC. */
const MANILA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The next moment after `now` when the clock in Manila shows hour:minute. */
export function nextManilaTime(now: Date, hour: number, minute: number): Date {
  const manilaNow = now.getTime() + MANILA_OFFSET_MS;
  const startOfDay = Math.floor(manilaNow / DAY_MS) * DAY_MS;
  let at = startOfDay + (hour * 60 + minute) * 60_000;
  if (at <= manilaNow) at += DAY_MS;
  return new Date(at - MANILA_OFFSET_MS);
}

/**
 * Runs `job` every day at hour:minute Manila time, one timer at a time (a long run never overlaps the next).
 * The answer stops it. Each job claims its day in the database, so several servers may all schedule it.
 */
export function everyDayInManila(hour: number, minute: number, job: () => Promise<void>): { stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        await job();
      } finally {
        arm();
      }
    }, nextManilaTime(new Date(), hour, minute).getTime() - Date.now());
  };
  arm();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
