/** Pure rules and constants of the shell (spec part 1 §4, §9); every one is unit-tested. */

/** Message and to-do polling. */
export const MESSAGE_POLL_MS = 300_000;
export const MESSAGE_PAGE_SIZE = 15;
/** Auto-lock minutes are converted at this rate. */
export const MS_PER_MINUTE = 60_000;
/** System parameter holding the auto-lock minutes (0 = off). */
export const AUTO_LOCK_PARAMETER_ID = 30;
/** Below this width the device counts as mobile: 1024 px minus 3. */
export const MOBILE_BREAKPOINT = 1024;
export const MOBILE_WIDTH_LIMIT = MOBILE_BREAKPOINT - 3;
/** Sidebar menu search waits this long after the last keystroke. */
export const MENU_SEARCH_DELAY_MS = 200;
/** Success toasts (操作成功) and the favourite warning stay this many seconds. */
export const SUCCESS_TOAST_SECONDS = 2;
export const FAVOURITE_WARNING_SECONDS = 2;
export const MESSAGE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const DATE_FORMAT = 'YYYY-MM-DD';

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_WIDTH_LIMIT;
}

/** The bell's badge: nothing for zero, the count up to 99, then 99+. */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}

export type RelativeTime =
  | { key: 'justNow' }
  | { key: 'minutesAgo'; count: number }
  | { key: 'hoursAgo'; count: number }
  | { key: 'oneDayAgo' }
  | { key: 'daysAgo'; count: number };

/**
 * Spec part 1 §9: under 30 s 刚刚; under an hour minutes; under a day hours; under two days 1天前;
 * later whole days. Minutes and hours round up, as the original product did (31 s is 1 minute ago).
 * A time in the future (clock skew between server and browser) counts as just now.
 */
export function relativeTime(then: number, now: number): RelativeTime {
  const s = (now - then) / 1000;
  if (!(s >= 30)) return { key: 'justNow' };
  if (s < 3600) return { key: 'minutesAgo', count: Math.ceil(s / 60) };
  if (s < 86_400) return { key: 'hoursAgo', count: Math.ceil(s / 3600) };
  if (s < 2 * 86_400) return { key: 'oneDayAgo' };
  return { key: 'daysAgo', count: Math.floor(s / 86_400) };
}

export type StepStatus = 'finish' | 'process' | 'wait';

/** Step progress bar: complete if the current index is above the step's value, underway if equal. */
export function stepStatus(current: number, step: number): StepStatus {
  if (current > step) return 'finish';
  if (current === step) return 'process';
  return 'wait';
}

/** Pending items of an approval flow open the record page, not the page that makes the document. */
export const PENDING_ROUTE_REWRITES: Readonly<Record<string, string>> = {
  '/PM/list/ProjectBomLock': '/PM/list/ProjectBomLockRecord',
  '/stock/page/purchaseMakeInvoice': '/stock/page/purchaseInvoice',
  '/sales/sell/gatheringMakeInvoice': '/sales/sell/gatheringInvoice',
  '/PD/list/WorkDoc': '/PO/list/WorkDocRecord',
};

export function rewritePendingRoute(route: string): string {
  const [path, query] = route.split('?', 2);
  const to = PENDING_ROUTE_REWRITES[path] ?? path;
  return query === undefined ? to : `${to}?${query}`;
}

/**
 * Where a message leads: its Route, with its Parameter. A bare record id opens that record when the
 * route is a list with record pages (`/setting/factory/12`), else it goes as `id=` in the query.
 * Only same-site paths are followed, so a message can never send the user off the product.
 */
export function messageTarget(
  route: string | null | undefined,
  parameter?: string | null,
  hasRecordPages: (path: string) => boolean = () => false,
): string | null {
  if (!route?.startsWith('/') || route.startsWith('//')) return null;
  const target = rewritePendingRoute(route);
  const p = (parameter ?? '').trim();
  if (!p) return target;
  if (/^\d{1,15}$/.test(p) && !target.includes('?') && hasRecordPages(target)) return `${target}/${p}`;
  const query = p.includes('=') ? p.replace(/^[?&]/, '') : `id=${encodeURIComponent(p)}`;
  return `${target}${target.includes('?') ? '&' : '?'}${query}`;
}

/** Minutes of system parameter 30 as milliseconds; 0, empty or nonsense turns auto-lock off. */
export function autoLockMs(
  settings: readonly { ID: number; Parameter_Value: unknown }[] | undefined,
): number {
  const v = settings?.find((s) => Number(s.ID) === AUTO_LOCK_PARAMETER_ID)?.Parameter_Value;
  const minutes = Number(v);
  if (!Number.isFinite(minutes) || minutes <= 0) return 0;
  return Math.round(minutes * MS_PER_MINUTE);
}

/** The server's password rule, checked here first to spare a round trip. */
export { PASSWORD_MAX, PASSWORD_MIN } from '@mes/model';
