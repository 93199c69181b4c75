import { expect, it } from 'vitest';
import { wrongLanguage } from './chrome';

it('tells a label of the other language, leaving acronyms and numbers alone', () => {
  expect(wrongLanguage('Work order', 'zh')).toBe(true);
  expect(wrongLanguage('save', 'zh')).toBe(true);
  expect(wrongLanguage('BOM 列表', 'zh')).toBe(false);
  expect(wrongLanguage('导出Excel', 'zh')).toBe(false);
  expect(wrongLanguage('Excel', 'zh')).toBe(false);
  expect(wrongLanguage('SOW', 'zh')).toBe(false);
  expect(wrongLanguage('1 / 20', 'zh')).toBe(false);
  expect(wrongLanguage('生产任务单', 'en')).toBe(true);
  expect(wrongLanguage('Qty（pcs）', 'en')).toBe(true);
  expect(wrongLanguage('Work order', 'en')).toBe(false);
});
