import type { Texts } from './zh';

/** The inventory pages' texts in English. */
export const en: Texts = {
  byMaterial: 'By material',
  detail: 'By location and batch',
  number: 'Material number',
  name: 'Material name',
  unit: 'Unit',
  qty: 'Quantity',
  amount: 'Value',
  bracketValue: '{{bracket}} value',
  oldest: 'Oldest receipt',
  asOf: 'As of',
  days: 'Days without issue ≥',
  lastOut: 'Last issue',
  lastIn: 'Last receipt',
  idle: 'Idle days',
  safety: 'Safety stock',
  shortfall: 'Shortfall',
};
