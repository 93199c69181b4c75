import { describe, expect, it } from 'vitest';
import {
  autoLockMs,
  badgeText,
  isMobileWidth,
  MESSAGE_PAGE_SIZE,
  MESSAGE_POLL_MS,
  MOBILE_WIDTH_LIMIT,
  MS_PER_MINUTE,
  messageTarget,
  relativeTime,
  rewritePendingRoute,
  stepStatus,
} from './rules';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe('relative time (spec part 1 §9)', () => {
  const now = Date.UTC(2026, 0, 10, 12);
  it.each([
    [0, { key: 'justNow' }],
    [29 * S, { key: 'justNow' }],
    [30 * S, { key: 'minutesAgo', count: 1 }],
    [31 * S, { key: 'minutesAgo', count: 1 }],
    [5 * MIN, { key: 'minutesAgo', count: 5 }],
    [59 * MIN + 59 * S, { key: 'minutesAgo', count: 60 }],
    [H, { key: 'hoursAgo', count: 1 }],
    [3 * H + 1, { key: 'hoursAgo', count: 4 }],
    [D - 1, { key: 'hoursAgo', count: 24 }],
    [D, { key: 'oneDayAgo' }],
    [2 * D - 1, { key: 'oneDayAgo' }],
    [2 * D, { key: 'daysAgo', count: 2 }],
    [9 * D + 5 * H, { key: 'daysAgo', count: 9 }],
  ])('%i ms ago', (ago, expected) => {
    expect(relativeTime(now - ago, now)).toEqual(expected);
  });
  it('a time in the future (clock skew) or nonsense counts as just now', () => {
    expect(relativeTime(now + 5 * MIN, now)).toEqual({ key: 'justNow' });
    expect(relativeTime(Number.NaN, now)).toEqual({ key: 'justNow' });
  });
});

describe('badge', () => {
  it('shows nothing for zero, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
    expect(badgeText(Number.NaN)).toBe('');
  });
});

describe('mobile breakpoint', () => {
  it('is 1024 px minus 3', () => {
    expect(MOBILE_WIDTH_LIMIT).toBe(1021);
    expect(isMobileWidth(390)).toBe(true);
    expect(isMobileWidth(1020)).toBe(true);
    expect(isMobileWidth(1021)).toBe(false);
    expect(isMobileWidth(1024)).toBe(false);
    expect(isMobileWidth(1440)).toBe(false);
  });
});

describe('step status', () => {
  it('complete above, underway at, pending below the current index', () => {
    expect([0, 1, 2, 3].map((s) => stepStatus(2, s))).toEqual(['finish', 'finish', 'process', 'wait']);
    expect(stepStatus(0, 0)).toBe('process');
    expect(stepStatus(4, 3)).toBe('finish');
  });
});

describe('constants', () => {
  it('polls every 300000 ms, pages by 15 and converts lock minutes at 60000 ms', () => {
    expect(MESSAGE_POLL_MS).toBe(300_000);
    expect(MESSAGE_PAGE_SIZE).toBe(15);
    expect(MS_PER_MINUTE).toBe(60_000);
  });
});

describe('auto-lock minutes', () => {
  it('reads system parameter 30 as minutes × 60000 ms; 0 or nonsense is off', () => {
    expect(
      autoLockMs([
        { ID: 26, Parameter_Value: '1' },
        { ID: 30, Parameter_Value: '30' },
      ]),
    ).toBe(1_800_000);
    expect(autoLockMs([{ ID: 30, Parameter_Value: '1' }])).toBe(60_000);
    expect(autoLockMs([{ ID: 30, Parameter_Value: '0' }])).toBe(0);
    expect(autoLockMs([{ ID: 30, Parameter_Value: 'abc' }])).toBe(0);
    expect(autoLockMs([{ ID: 30, Parameter_Value: '-5' }])).toBe(0);
    expect(autoLockMs([])).toBe(0);
    expect(autoLockMs(undefined)).toBe(0);
  });
});

describe('pending routes', () => {
  it('rewrites the four approval-flow routes and keeps the query', () => {
    expect(rewritePendingRoute('/PM/list/ProjectBomLock')).toBe('/PM/list/ProjectBomLockRecord');
    expect(rewritePendingRoute('/stock/page/purchaseMakeInvoice')).toBe('/stock/page/purchaseInvoice');
    expect(rewritePendingRoute('/sales/sell/gatheringMakeInvoice')).toBe('/sales/sell/gatheringInvoice');
    expect(rewritePendingRoute('/PD/list/WorkDoc?id=3')).toBe('/PO/list/WorkDocRecord?id=3');
    expect(rewritePendingRoute('/setting/factory')).toBe('/setting/factory');
  });
  it('a message leads to its route with its parameter, never off the site', () => {
    expect(messageTarget('/PD/list/WorkDoc', '12')).toBe('/PO/list/WorkDocRecord?id=12');
    expect(messageTarget('/setting/factory', 'Factory_ID=3')).toBe('/setting/factory?Factory_ID=3');
    expect(messageTarget('/setting/factory?tab=1', '&x=2')).toBe('/setting/factory?tab=1&x=2');
    expect(messageTarget('/needdo', null)).toBe('/needdo');
    const lists = (path: string) => path === '/setting/factory' || path === '/PO/list/WorkDocRecord';
    expect(messageTarget('/setting/factory', '12', lists)).toBe('/setting/factory/12');
    expect(messageTarget('/PD/list/WorkDoc', '7', lists)).toBe('/PO/list/WorkDocRecord/7');
    expect(messageTarget('/needdo', '7', lists)).toBe('/needdo?id=7');
    expect(messageTarget('https://evil.example', '1')).toBeNull();
    expect(messageTarget('//evil.example', '1')).toBeNull();
    expect(messageTarget(null)).toBeNull();
  });
});
