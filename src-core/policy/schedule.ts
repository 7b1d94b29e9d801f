import { POLICY_BREACH, type PolicyBreach } from './breach';
import { DAY_NAMES, type PermissionRules, type Schedule } from './document';

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

function offsetText(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}

/** The schedule's day and minute of day at `now`, read at its fixed offset. */
export function localTime(schedule: Schedule, now: number): { day: (typeof DAY_NAMES)[number]; minute: number } {
  const local = new Date(now + schedule.utcOffsetMinutes * 60_000);
  return { day: DAY_NAMES[local.getUTCDay()]!, minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** Signing is allowed on the listed days within a window [from, to) of local time. */
export function checkSchedule(rules: PermissionRules, now: number, label: string): PolicyBreach[] {
  const schedule = rules.schedule;
  if (!schedule) return [];
  const { day, minute } = localTime(schedule, now);
  const inHours = schedule.hours.some((h) => minute >= minutesOf(h.from) && minute < minutesOf(h.to));
  if (schedule.days.includes(day) && inHours) return [];
  const zone = offsetText(schedule.utcOffsetMinutes);
  const clock = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  const windows = schedule.hours.map((h) => `${h.from}–${h.to}`).join(', ');
  return [
    {
      code: POLICY_BREACH.outsideHours,
      message:
        `It is ${day} ${clock} ${zone}; the policy for ${label} allows signing only on ${schedule.days.join(', ')} ` +
        `during ${windows} ${zone}. Sign again within those hours.`,
      details: { day, minute, utcOffsetMinutes: schedule.utcOffsetMinutes },
    },
  ];
}
