import { addDays } from './dates';

export interface CalendarEvent {
  kind: 'task' | 'meeting' | 'action' | 'deliverable';
  id: number;
  title: string;
  start: string;
  end: string;
  project: string;
  /** "HH:MM" for a meeting; the others are all-day */
  time: string | null;
}

/** Escapes a text value of RFC 5545 (backslash, semicolon, comma, new line). */
export function icsText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

const compact = (d: string) => d.replaceAll('-', '');

/** The events as an iCalendar document: all-day events end the day after (DTEND is exclusive). */
export function toIcs(events: CalendarEvent[], now: Date): string {
  const stamp = `${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//mes-erp//projects//EN', 'CALSCALE:GREGORIAN'];
  for (const e of events) {
    lines.push('BEGIN:VEVENT', `UID:${e.kind}-${e.id}@mes-erp`, `DTSTAMP:${stamp}`);
    if (e.time) {
      const t = `${compact(e.start)}T${e.time.replace(':', '')}00`;
      lines.push(`DTSTART:${t}`, `DURATION:PT1H`);
    } else
      lines.push(`DTSTART;VALUE=DATE:${compact(e.start)}`, `DTEND;VALUE=DATE:${compact(addDays(e.end, 1))}`);
    lines.push(
      `SUMMARY:${icsText(`[${e.project}] ${e.title}`)}`,
      `CATEGORIES:${e.kind.toUpperCase()}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}
