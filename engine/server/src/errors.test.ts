import { describe, expect, it } from 'vitest';
import { AppError, combineErrors, LISTED_AT_MOST } from './errors';

const refusal = (n: number) =>
  new AppError('validation', { field: `F${n}`, reason: { zh: '不对', en: 'wrong' } });

describe('combineErrors', () => {
  it('refuses one problem as itself', () => {
    const one = refusal(1).at('Lines');
    expect(combineErrors([one])).toBe(one);
  });

  it('lists the first few in the user’s language, counts them all, and points at the first field', () => {
    const all = combineErrors([refusal(1).at('A'), refusal(2).at('B')]);
    expect(all.text('zh')).toBe('共 2 处错误：F1：不对；F2：不对');
    expect(all.text('en')).toBe('2 problems: F1: wrong; F2: wrong');
    expect(all.field).toBe('A');
    const many = combineErrors(Array.from({ length: LISTED_AT_MOST + 3 }, (_, i) => refusal(i + 1)));
    expect(many.text('en')).toBe(
      `${LISTED_AT_MOST + 3} problems: F1: wrong; F2: wrong; F3: wrong; F4: wrong; F5: wrong; …`,
    );
    expect(many.text('zh')).not.toContain('F6');
  });
});
