import { expect, it } from 'vitest';
import { overTaken } from './take';

const sources = new Map([
  ['1:1', { total: '10', taken: '4' }],
  ['1:2', { total: '5', taken: '0' }],
]);

it('lets lines take up to what is open on their source line', () => {
  expect(
    overTaken(
      [
        { key: '1:1', qty: '6' },
        { key: '1:2', qty: '5' },
      ],
      sources,
    ),
  ).toBeNull();
});

it('names the first line over, adding up the lines that take from one source', () => {
  expect(
    overTaken(
      [
        { key: '1:1', qty: '3' },
        { key: '1:1', qty: '3.5' },
      ],
      sources,
    ),
  ).toEqual({
    line: 2,
    qty: '3.5',
    open: '6',
  });
  expect(overTaken([{ key: '1:2', qty: '5.0001' }], sources)).toEqual({ line: 1, qty: '5.0001', open: '5' });
});
