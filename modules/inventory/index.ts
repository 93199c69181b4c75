import { defineModule, type MenuPage } from '@mes/model';
import { stockBalance, stockCost, stockLayer, stockLayerUse, stockLedger } from './ledger.entity';
import { stockDoc } from './stockDoc.entity';

const page = (code: string, zh: string, en: string, path: string, entity?: string): MenuPage => ({
  code,
  label: { zh, en },
  path,
  entity,
});

/**
 * Inventory (库存): stock documents under the record menu (spec part 1 §2) and the ledger reports
 * under IV. Menu codes match the catalogue, which this manifest replaces.
 */
export const inventoryModule = defineModule({
  code: 'IV',
  label: { zh: '库存', en: 'Inventory' },
  icon: 'inbox',
  order: 3,
  entities: [stockDoc, stockLedger, stockBalance, stockCost, stockLayer, stockLayerUse],
  menu: [
    {
      code: 'IV.main',
      label: { zh: '库存管理', en: 'Inventory' },
      pages: [
        page('IV.balance', '库存余额', 'Stock balance', '/IV/report/stockBalance', stockBalance.name),
        page('IV.ledger', '库存台账', 'Stock ledger', '/IV/report/stockLedger', stockLedger.name),
        page('IV.slowMoving', '呆滞物料', 'Slow-moving stock', '/IV/report/slowMoving'),
        page('IV.belowSafety', '低于安全库存', 'Below safety stock', '/IV/report/belowSafety'),
      ],
    },
    {
      // spec part 1 §2 lists the stock documents under the record menu
      code: 'record.stock',
      module: 'record',
      order: 4,
      label: { zh: '库存单据', en: 'Stock documents' },
      pages: [
        page(
          'record.inventoryDoc',
          '库存单据',
          'Stock documents',
          '/record/inventory/inventoryDocList',
          stockDoc.name,
        ),
        page(
          'record.outbound',
          '出库清单',
          'Outbound list',
          '/record/inventory/outboundList',
          stockLedger.name,
        ),
        page('record.inventoryAge', '库龄', 'Inventory age', '/record/inventory/inventoryAge'),
        page('record.scrap', '报废', 'Scrap', '/record/inventory/scrap', stockDoc.name),
      ],
    },
  ],
});

export { STOCK_DOC_TYPE, STOCK_DOC_TYPES } from './stockDoc.entity';
export { stockBalance, stockDoc, stockLedger };
