/**
 * Times as people read them: one format everywhere, in this computer's time zone, with the zone
 * named so that two people on a call compare the same moment.
 */

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The zone's short name at that moment ("UTC", "GMT+1", "CET"), as the browser's locale names it. */
export function zoneName(ms: number, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short', ...(timeZone ? { timeZone } : {}) })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName');
  return parts?.value ?? 'local time';
}

/** Milliseconds since the epoch → "2026-05-01 12:00:03 UTC" in the local zone (display only). */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${zoneName(ms)}`
  );
}

/** A length of time in words: 90 min → "1 h 30 min", 1380 min → "23 h", 30 s → "30 s". */
export function formatSpan(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return seconds > 0 && minutes < 5 ? `${minutes} min ${seconds} s` : `${minutes} min`;
  return `${seconds} s`;
}

/** "Expires on Friday 27 November at 09:25 (UTC)": the moment in this computer's time zone. */
export function expiresOn(expiration: number, timeZone?: string): string {
  const zone = timeZone ? { timeZone } : {};
  const date = new Date(expiration);
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', ...zone }).format(
    date,
  );
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...zone,
  }).format(date);
  return `Expires on ${day} at ${time} (${zoneName(expiration, timeZone)})`;
}

/**
 * When a transaction stops being valid, in plain words, and how long after the head block it was
 * built on: the chain decides by its head block's time, which on a healthy network is within
 * seconds of the clock.
 */
export function expiryInWords(expiration: number, headTime: number, timeZone?: string): string {
  return (
    `${expiresOn(expiration, timeZone)}, ${formatSpan(expiration - headTime)} after the head block it was ` + 'built on'
  );
}
