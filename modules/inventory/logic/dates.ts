/** The calendar day of `d` in the server's time zone, as yyyy-MM-dd (posting dates are days). */
export const isoDay = (d: Date = new Date()): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
