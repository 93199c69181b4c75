import { bool, date, datetime, decimal, defineEntity, enumOf, int, ref, text } from '@mes/model';
import { DIRECTIONS, MOVEMENT_TYPES, STOCK_DOC_TYPES } from './stockDoc.entity';

const qty = (zh: string, en: string) => decimal({ zh, en }, { precision: 18, scale: 4, required: true });
const money = (zh: string, en: string) =>
  decimal({ zh, en }, { precision: 18, scale: 2, required: true, hiddenInList: true });
// a unit cost summed over rows means nothing
const cost = (zh: string, en: string) =>
  decimal({ zh, en }, { precision: 18, scale: 6, required: true, hiddenInList: true, total: false });

/**
 * The stock ledger (库存台账): one immutable row per movement, written only by the posting service.
 * Balance_Qty is the running balance of the material at the location and batch after the movement.
 * Price and amount columns start hidden (spec part 1 §4: inventory amounts are shown on request).
 */
export const stockLedger = defineEntity({
  name: 'StockLedger',
  label: { zh: '库存台账', en: 'Stock ledger' },
  kind: 'log',
  table: 'stock_ledger',
  key: 'Ledger_ID',
  menu: 'IV.ledger',
  fields: {
    Posting_Date: date({ zh: '业务日期', en: 'Posting date' }, { required: true }),
    Doc_Type: enumOf({ zh: '业务类型', en: 'Movement type' }, MOVEMENT_TYPES, { required: true }),
    Doc_ID: int({ zh: '单据ID', en: 'Document ID' }, { required: true, hiddenInList: true }),
    // the number opens the document that posted the row (issue 25: a ledger row links to its source);
    // a picking return has no document page of its own
    Doc_NO: text(
      { zh: '单据编号', en: 'Document no.' },
      {
        max: 40,
        required: true,
        link: {
          id: 'Doc_ID',
          entity: {
            by: 'Doc_Type',
            map: {
              ...Object.fromEntries(STOCK_DOC_TYPES.map((o) => [o.value, 'StockDoc'])),
              11: 'MaterialReceive',
              13: 'WorkOrder',
              14: 'MixingFeeding',
              21: 'MachineRepair',
              22: 'MaintainRecord',
              31: 'PurchaseReceipt',
              32: 'PurchaseReceipt',
              41: 'SalesDelivery',
              42: 'SalesDelivery',
            },
          },
        },
      },
    ),
    Line_NO: int({ zh: '行号', en: 'Line' }, { hiddenInList: true }),
    // no foreign keys on the three: every row moves the balance of its material, warehouse and
    // location in the same statement, and stock_balance's keys refuse deleting any of them
    Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name', {
      required: true,
      indexedBy: 'ix_stock_ledger_material_date',
      foreignKey: false,
    }),
    Warehouse_ID: ref({ zh: '仓库', en: 'Warehouse' }, 'Warehouse', 'Warehouse_Name', {
      required: true,
      foreignKey: false,
    }),
    Location_ID: ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name', {
      required: true,
      foreignKey: false,
    }),
    Batch_NO: text({ zh: '批次号', en: 'Batch number' }, { max: 40, required: true }),
    Bucket_ID: ref({ zh: '料桶', en: 'Bucket' }, 'Bucket', 'Bucket_Name', { hiddenInList: true }),
    Direction: enumOf({ zh: '方向', en: 'Direction' }, DIRECTIONS, { required: true }),
    Qty: qty('数量', 'Quantity'),
    Unit_Cost: cost('单位成本', 'Unit cost'),
    Amount: money('金额', 'Amount'),
    Balance_Qty: { ...qty('结存数量', 'Balance'), total: false },
    // rows posted before it was kept (migration 0030) have none
    Balance_Amount: decimal(
      { zh: '结存金额', en: 'Balance value' },
      { precision: 18, scale: 2, hiddenInList: true, total: false },
    ),
    Is_Transfer: bool({ zh: '调拨', en: 'Transfer' }, { hiddenInList: true }),
    Reversal_Of: int({ zh: '冲销行', en: 'Reverses' }, { hiddenInList: true }),
    Posted_At: datetime({ zh: '过账时间', en: 'Posted at' }, { required: true, hiddenInList: true }),
  },
  display: 'Doc_NO',
  // the keyword finds a material's rows by its number or name, too
  list: {
    search: ['Doc_NO', 'Batch_NO', 'Material_ID'],
    sort: ['ID', 'Posting_Date', 'Doc_NO', 'Material_ID', 'Qty'],
    defaultSort: '-ID',
  },
  // rows that are neither reversed nor a reversal: what the outbound list shows (ledgerScopes.server.ts)
  scopes: { Unreversed: { zh: '未冲销', en: 'Not reversed' } },
});

/** Stock on hand (库存余额) per material, location and batch, kept in step with the ledger. */
export const stockBalance = defineEntity({
  name: 'StockBalance',
  label: { zh: '库存余额', en: 'Stock balance' },
  kind: 'log',
  table: 'stock_balance',
  // updated in place by every posting of its material: room for the new version on the same page
  fillfactor: 70,
  key: 'Balance_ID',
  menu: 'IV.balance',
  fields: {
    Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name', {
      required: true,
      indexedBy: 'ux_stock_balance_key',
    }),
    Warehouse_ID: ref({ zh: '仓库', en: 'Warehouse' }, 'Warehouse', 'Warehouse_Name', { required: true }),
    Location_ID: ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name', { required: true }),
    Batch_NO: text({ zh: '批次号', en: 'Batch number' }, { max: 40, required: true }),
    Qty: qty('数量', 'Quantity'),
    Amount: money('金额', 'Value'),
    Last_In_Date: date({ zh: '最近入库', en: 'Last receipt' }, { hiddenInList: true }),
    Last_Out_Date: date({ zh: '最近出库', en: 'Last issue' }, { hiddenInList: true }),
  },
  display: 'Batch_NO',
  list: { search: ['Batch_NO', 'Material_ID'], sort: ['Qty', 'Material_ID'], defaultSort: 'Material_ID' },
});

/** Quantity and value of each material over all locations: the moving-average pool and its lock. */
export const stockCost = defineEntity({
  name: 'StockCost',
  label: { zh: '存货成本', en: 'Stock cost' },
  kind: 'log',
  table: 'stock_cost',
  // updated in place by every posting of its material: room for the new version on the same page
  fillfactor: 50,
  api: false,
  fields: {
    Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name', {
      required: true,
      unique: true,
    }),
    Qty: qty('数量', 'Quantity'),
    Amount: money('金额', 'Value'),
    Last_Cost: cost('最近成本', 'Last cost'),
  },
  display: 'Material_ID',
});

/** FIFO layers: what each receipt left in stock; they cost FIFO issues and give the inventory age. */
export const stockLayer = defineEntity({
  name: 'StockLayer',
  label: { zh: '入库批层', en: 'Stock layers' },
  kind: 'log',
  table: 'stock_layer',
  // every issue lowers what is left in the layers it takes from: room on the page lets that update
  // stay there without new index entries (with the open-layer index on is_open, see migration 0022)
  fillfactor: 80,
  api: false,
  fields: {
    // stock_cost's key on the material refuses deleting it (a layer comes of a posting, which has one)
    Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name', {
      required: true,
      foreignKey: false,
    }),
    // a layer is stock at one location (migration 0036): issues there take from it. A posting reads
    // the layers by material and location, oldest first, through ix_stock_layer_open
    Location_ID: ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name', {
      required: true,
      foreignKey: false,
    }),
    Ledger_ID: int({ zh: '台账行', en: 'Ledger row' }, { required: true }),
    In_Date: date({ zh: '入库日期', en: 'Received' }, { required: true }),
    Qty_In: qty('入库数量', 'Received'),
    Qty_Left: qty('剩余数量', 'Remaining'),
    Unit_Cost: cost('单位成本', 'Unit cost'),
  },
  display: 'In_Date',
});

/** Which layers an outbound ledger row consumed, so that its reversal gives back exactly those. */
export const stockLayerUse = defineEntity({
  name: 'StockLayerUse',
  label: { zh: '批层消耗', en: 'Layer use' },
  kind: 'log',
  table: 'stock_layer_use',
  api: false,
  fields: {
    Ledger_ID: int({ zh: '台账行', en: 'Ledger row' }, { required: true }),
    Layer_ID: int({ zh: '批层', en: 'Layer' }, { required: true }),
    Qty: qty('数量', 'Quantity'),
  },
  display: 'Ledger_ID',
});
