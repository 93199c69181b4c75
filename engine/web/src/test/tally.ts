import { decimal, defineEntity, enumOf, int, options, ref } from '@mes/model';

const l = (zh: string, en: string) => ({ zh, en });

/**
 * The stock document in miniature, for the form's tests: a type, a store to count, lines of gadgets
 * with amounts and totals, and a fill from stock for a stocktake.
 */
export function tallyEntity(opts: { maxRows?: number } = {}) {
  return defineEntity({
    name: 'Tally',
    label: l('盘点', 'Tally'),
    kind: 'document',
    fields: {
      Doc_Type: enumOf(l('类型', 'Type'), options([1, '入库', 'Receipt'], [4, '盘点', 'Stocktake']), {
        required: true,
      }),
      Store_ID: int(l('仓库', 'Store')),
      Total_Qty: decimal(l('总数量', 'Total qty'), { readOnly: true, compute: { sum: ['Lines', 'Qty'] } }),
      Total_Amount: decimal(l('总金额', 'Total'), {
        scale: 2,
        readOnly: true,
        compute: { sum: ['Lines', 'Amount'] },
      }),
    },
    lines: {
      Lines: {
        label: l('明细', 'Lines'),
        ...(opts.maxRows ? { maxRows: opts.maxRows } : {}),
        fill: {
          label: l('按库存带出', 'Fill from stock'),
          path: '/Tally/Fill',
          params: ['Store_ID'],
          when: { Doc_Type: 4 },
        },
        fields: {
          Gadget_ID: ref(l('器件', 'Gadget'), 'Gadget', 'Gadget_Name', { required: true }),
          Qty: decimal(l('数量', 'Qty'), { required: true }),
          Unit_Price: decimal(l('单价', 'Price'), { scale: 6 }),
          Amount: decimal(l('金额', 'Amount'), {
            scale: 2,
            readOnly: true,
            compute: { product: ['Qty', 'Unit_Price'] },
          }),
        },
      },
    },
    display: 'Doc_Type',
  });
}
