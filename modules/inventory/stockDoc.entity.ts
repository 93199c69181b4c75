import { date, decimal, defineEntity, enumOf, options, ref, text } from '@mes/model';

/**
 * Why a movement happened. 1–5 are the stock documents of this module; 11 and up are postings other
 * modules make through the ledger service (production picking and completion).
 */
export const STOCK_DOC_TYPE = {
  RECEIPT: 1,
  ISSUE: 2,
  TRANSFER: 3,
  COUNT: 4,
  SCRAP: 5,
  PICKING: 11,
  PICKING_RETURN: 12,
  COMPLETION: 13,
} as const;

export const STOCK_DOC_TYPES = options(
  [1, '入库', 'Receipt'],
  [2, '出库', 'Issue'],
  [3, '调拨', 'Transfer'],
  [4, '盘点', 'Stocktake'],
  [5, '报废', 'Scrap'],
);

export const MOVEMENT_TYPES = options(
  ...STOCK_DOC_TYPES.map((o): [number, string, string] => [o.value, o.label.zh, o.label.en]),
  [11, '生产领料', 'Material picking'],
  [12, '生产退料', 'Picking return'],
  [13, '完工入库', 'Production receipt'],
  [14, '生产投料', 'Production feeding'],
  [21, '维修领用', 'Repair parts issue'],
  [22, '保养领用', 'Maintenance parts issue'],
  [31, '采购入库', 'Purchase receipt'],
  [32, '采购退货', 'Purchase return'],
  [41, '销售发货', 'Sales delivery'],
  [42, '销售退货', 'Sales return'],
);

/** Direction in/out of spec part 1 §9. */
export const DIRECTIONS = options([1, '入', 'In'], [-1, '出', 'Out']);

const qty = (zh: string, en: string, o: Parameters<typeof decimal>[1] = {}) =>
  decimal({ zh, en }, { precision: 18, scale: 4, ...o });

/**
 * A stock document (库存单据): receipt, issue, transfer, stocktake or scrap. It changes no stock
 * until approved; approval posts it to the ledger and UnApprove posts the reversal.
 */
export const stockDoc = defineEntity({
  name: 'StockDoc',
  label: { zh: '库存单据', en: 'Stock documents' },
  kind: 'document',
  table: 'stock_doc',
  key: 'Doc_ID',
  menu: 'record.inventoryDoc',
  fields: {
    Doc_NO: text({ zh: '单据编号', en: 'Document no.' }, { max: 30, readOnly: true, unique: true }),
    Doc_Type: enumOf({ zh: '单据类型', en: 'Document type' }, STOCK_DOC_TYPES, { required: true }),
    Doc_Date: date({ zh: '业务日期', en: 'Posting date' }, { required: true, default: 'today' }),
    Direction: enumOf({ zh: '方向', en: 'Direction' }, DIRECTIONS, { readOnly: true }),
    Warehouse_ID: ref({ zh: '仓库', en: 'Warehouse' }, 'Warehouse', 'Warehouse_Name'),
    Department_ID: ref({ zh: '部门', en: 'Department' }, 'Department', 'Dept_Name', { hiddenInList: true }),
    Supplier_ID: ref({ zh: '供应商', en: 'Supplier' }, 'Supplier', 'Short_Name', {
      hiddenInList: true,
      displayAs: 'Supplier_Name',
    }),
    Customer_ID: ref({ zh: '客户', en: 'Customer' }, 'Customer', 'Short_Name', {
      hiddenInList: true,
      displayAs: 'Customer_Name',
    }),
    Source_NO: text({ zh: '来源单号', en: 'Source no.' }, { max: 40, hiddenInList: true }),
    Total_Qty: qty('总数量', 'Total quantity', { readOnly: true, compute: { sum: ['Lines', 'Qty'] } }),
    // a stocktake's book and difference in total (the lines' Book_Qty and Diff_Qty, set with them
    // by the hooks), so that its list row reads counted, book, difference and the difference's value
    Total_Book_Qty: qty('账面总数', 'Book total', { readOnly: true }),
    Total_Diff_Qty: qty('差异总数', 'Difference total', { readOnly: true }),
    Total_Amount: decimal(
      { zh: '总金额', en: 'Total amount' },
      { precision: 18, scale: 2, readOnly: true, compute: { sum: ['Lines', 'Amount'] } },
    ),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true }),
  },
  lines: {
    Lines: {
      label: { zh: '明细', en: 'Lines' },
      // a warehouse's stocktake runs to thousands of lines (ERPNext's users count 5,000 and more in
      // one Stock Reconciliation); the form draws only the rows in view past a few hundred
      maxRows: 5000,
      // the approval writes back the cost it found to each line issued at cost (documentAmounts): a
      // line that has no room for its new version on its page gets a new entry in every index of
      // the table (measured: half of them did, about a tenth of a posting's index writes)
      fillfactor: 70,
      // a stocktake starts from the book: every balance of the warehouse, counted quantity = book,
      // so that the clerk corrects what differs instead of typing every line (countLines.server.ts)
      fill: {
        label: { zh: '按库存带出', en: 'Fill from stock' },
        path: '/StockReport/CountLines',
        params: ['Warehouse_ID'],
        when: { Doc_Type: STOCK_DOC_TYPE.COUNT },
      },
      // what an issue, a transfer or a scrap takes from: the stock on hand at the line's location and
      // in all, the shortage before saving, and the last cost as the price (onHand.server.ts)
      context: {
        label: { zh: '现存量', en: 'On hand' },
        path: '/StockReport/OnHand',
        params: ['Material_ID', 'Location_ID'],
        when: { Doc_Type: [STOCK_DOC_TYPE.ISSUE, STOCK_DOC_TYPE.TRANSFER, STOCK_DOC_TYPE.SCRAP] },
        qty: 'Qty',
        price: 'Unit_Price',
      },
      fields: {
        Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name', { required: true }),
        // a location of the document's warehouse, when it names one (RefField.filterBy)
        Location_ID: ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name', {
          required: true,
          filterBy: { field: 'Warehouse_ID', by: 'Warehouse_ID' },
        }),
        To_Location_ID: ref({ zh: '调入库位', en: 'To location' }, 'Location', 'Location_Name', {
          displayAs: 'To_Location_Name',
        }),
        Batch_NO: text({ zh: '批次号', en: 'Batch number' }, { max: 40, format: 'code' }),
        Bucket_ID: ref({ zh: '料桶', en: 'Bucket' }, 'Bucket', 'Bucket_Name'),
        Qty: qty('数量', 'Quantity', { required: true, min: '0' }),
        Book_Qty: qty('账面数量', 'Book quantity', { readOnly: true }),
        Diff_Qty: qty('差异数量', 'Difference', { readOnly: true }),
        Unit_Price: decimal(
          { zh: '单价', en: 'Unit price' },
          { precision: 18, scale: 6, min: '0', total: false },
        ),
        Amount: decimal(
          { zh: '金额', en: 'Amount' },
          { precision: 18, scale: 2, readOnly: true, compute: { product: ['Qty', 'Unit_Price'] } },
        ),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
  },
  display: 'Doc_NO',
  list: {
    columns: [
      'Doc_NO',
      'Doc_Type',
      'Doc_Date',
      'Direction',
      'Warehouse_ID',
      'Total_Qty',
      'Total_Book_Qty',
      'Total_Diff_Qty',
      'Total_Amount',
      'Remark',
    ],
    search: ['Doc_NO', 'Source_NO', 'Remark'],
    defaultSort: '-Doc_Date',
  },
  features: {
    approval: { dateField: 'Doc_Date' },
    numbering: { field: 'Doc_NO', prefix: 'IV', period: 'month', digits: 4 },
    print: { titleBy: 'Doc_Type' },
    attachments: true,
    tags: true,
    customFields: true,
  },
});
