import type { Texts } from './zh';

export const en: Texts = {
  request: {
    fromSafety: 'From below safety stock',
    fromPlan: 'From a production plan',
    make: 'Make purchase request',
    pickPlan: 'Choose a production plan',
    made: 'Purchase request {{no}} made',
  },
  col: {
    materialNumber: 'Material no.',
    materialName: 'Material name',
    safety: 'Safety stock',
    onHand: 'On hand',
    shortfall: 'Shortfall',
  },
};
