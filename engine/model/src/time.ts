/**
 * Instants and the company's clock. Times are stored as timestamptz (instants); every reader sees
 * them on the company's clock (system parameter 公司时区, default Asia/Shanghai), whatever the
 * server's or the browser's own time zone: a SOW closing at 17:00 in Shanghai reads 17:00 in its
 * to-do, its message, the list, the print and the Excel export (issue 25, bug 6). This is the one
 * formatter the server and the web use.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows the IANA time zone name ("Asia/Shanghai", "Europe/Berlin", "UTC"). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !name || name.length > 64) return false;
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone to use for a configured value: the value when valid, else the default. */
export function timeZoneOr(name: unknown): string {
  return isTimeZone(name) ? name : DEFAULT_TIME_ZONE;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(d: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(d))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour === 24 ? 0 : parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** An instant (ISO text, or a Date); text without an offset is a time on the company's clock. */
function instantOf(v: unknown, timeZone: string): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v !== 'string' || !v.trim()) return null;
  return parseInstant(v, timeZone);
}

export type InstantStyle = 'second' | 'minute' | 'date';

/**
 * An instant on the company's clock: "2026-12-04 17:00:00" (second), "2026-12-04 17:00" (minute)
 * or "2026-12-04" (date). Anything that is not an instant comes back as text, empty for nothing.
 */
export function formatInstant(v: unknown, timeZone: string, style: InstantStyle = 'second'): string {
  if (v === null || v === undefined || v === '') return '';
  const zone = timeZoneOr(timeZone);
  const d = instantOf(v, zone);
  if (!d) return String(v);
  const w = wallClock(d, zone);
  const date = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  if (style === 'date') return date;
  const hm = `${date} ${pad(w.hour)}:${pad(w.minute)}`;
  return style === 'minute' ? hm : `${hm}:${pad(w.second)}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?$/;

/**
 * The instant an ISO text means: with an offset ("…Z", "…+08:00") as written; without one
 * ("2026-12-04T17:00") as a wall-clock time on the company's clock, never the server's.
 * Null when it is not a date and time.
 */
export function parseInstant(v: string, timeZone: string): Date | null {
  const s = v.trim();
  const m = LOCAL.exec(s);
  if (!m) {
    const d = new Date(s);
    return /[zZ]|[+-]\d{2}:?\d{2}$/.test(s) && !Number.isNaN(d.getTime()) ? d : null;
  }
  const [y, mo, da, h = '0', mi = '0', se = '0', frac = '0'] = m.slice(1);
  const wall = Date.UTC(+y, +mo - 1, +da, +h, +mi, +se, Number(frac.padEnd(3, '0').slice(0, 3)));
  const zone = timeZoneOr(timeZone);
  // the zone's offset at that wall time: guess with the offset at the wall time read as UTC, then
  // correct once (enough for the hour a daylight-saving change moves)
  const offsetAt = (t: number) => {
    const w = wallClock(new Date(t), zone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(t / 1000) * 1000;
  };
  let t = wall - offsetAt(wall);
  t = wall - offsetAt(t);
  return new Date(t);
}
