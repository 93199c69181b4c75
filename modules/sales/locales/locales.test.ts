import { catalogueProblems } from '@mes/engine-web/i18n';
import { expect, it } from 'vitest';
import { en } from './en';
import { zh } from './zh';

it('the sales catalogues have the same keys, none empty, and the same placeholders', () => {
  expect(catalogueProblems(zh, en)).toEqual([]);
});
