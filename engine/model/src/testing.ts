import type { Fields, LinesDef } from './entity';
import { decimal } from './fields';
import type { Label } from './i18n';

/** A label the same in both languages, for declarations made by tests. */
export const both = (s: string): Label => ({ zh: s, en: s });

/**
 * A document's line table in miniature, as the computed-field tests of the model, the server and
 * the form declare it: Amount = Qty × Unit_Price, computed and read-only; `extra` adds fields.
 */
export function pricedLines(extra: Fields = {}): Record<string, LinesDef> {
  return {
    Lines: {
      label: both('Lines'),
      fields: {
        Qty: decimal(both('Qty'), { required: true }),
        Unit_Price: decimal(both('Price'), { scale: 6 }),
        Amount: decimal(both('Amount'), {
          scale: 2,
          readOnly: true,
          compute: { product: ['Qty', 'Unit_Price'] },
        }),
        ...extra,
      },
    },
  };
}
