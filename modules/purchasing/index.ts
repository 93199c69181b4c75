import { defineModule, type MenuPage } from '@mes/model';
import { purchaseInvoice } from './invoice.entity';
import { purchaseOrder } from './order.entity';
import { purchaseReceipt } from './receipt.entity';
import { PURCHASING_MENU, purchaseRequest } from './request.entity';

const page = (code: string, zh: string, en: string, path: string, entity: string): MenuPage => ({
  code,
  label: { zh, en },
  path,
  entity,
});

/**
 * Purchasing (采购管理, menu code stock): requests, orders, receipts and returns, invoice registration.
 * Page codes and paths are the catalogue's (modules/system/catalogue.ts), which this manifest replaces;
 * 采购发票 is the approved slice of 采购开票 (the spec's route rewrite after approval).
 */
export const purchasingModule = defineModule({
  code: 'stock',
  label: { zh: '采购管理', en: 'Purchasing' },
  icon: 'shop',
  order: 10,
  entities: [purchaseRequest, purchaseOrder, purchaseReceipt, purchaseInvoice],
  menu: [
    {
      code: 'stock.page',
      label: { zh: '采购', en: 'Purchasing' },
      pages: [
        page(
          PURCHASING_MENU.request,
          '采购申请',
          'Purchase requests',
          '/stock/page/purchaseRequest',
          purchaseRequest.name,
        ),
        page(
          PURCHASING_MENU.order,
          '采购订单',
          'Purchase orders',
          '/stock/page/purchaseOrder',
          purchaseOrder.name,
        ),
        page(
          PURCHASING_MENU.receipt,
          '采购收货',
          'Purchase receipts',
          '/stock/page/purchaseReceipt',
          purchaseReceipt.name,
        ),
        page(
          PURCHASING_MENU.makeInvoice,
          '采购开票',
          'Purchase invoicing',
          '/stock/page/purchaseMakeInvoice',
          purchaseInvoice.name,
        ),
        page(
          PURCHASING_MENU.invoice,
          '采购发票',
          'Purchase invoices',
          '/stock/page/purchaseInvoice',
          purchaseInvoice.name,
        ),
      ],
    },
  ],
});

export { PURCHASING_MENU, purchaseInvoice, purchaseOrder, purchaseReceipt, purchaseRequest };
