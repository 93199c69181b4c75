import { defineModule, type MenuPage } from '@mes/model';
import { DELIVERY_MENU, salesDelivery } from './delivery.entity';
import { INVOICE_MENU, MAKE_INVOICE_MENU, salesInvoice } from './invoice.entity';
import { OPPORTUNITY_MENU, opportunity } from './opportunity.entity';
import { ORDER_MENU, salesOrder } from './order.entity';

const page = (code: string, zh: string, en: string, path: string, entity: string): MenuPage => ({
  code,
  label: { zh, en },
  path,
  entity,
});

/**
 * Sales (销售管理): opportunities, orders, deliveries and invoices. The page codes and paths are the
 * catalogue's (modules/system/catalogue.ts), which this manifest replaces; 商机 is added before them.
 */
export const salesModule = defineModule({
  code: 'sales',
  label: { zh: '销售管理', en: 'Sales' },
  icon: 'shopping-cart',
  order: 9,
  entities: [opportunity, salesOrder, salesDelivery, salesInvoice],
  menu: [
    {
      code: 'sales.sell',
      label: { zh: '销售', en: 'Sales' },
      pages: [
        page(OPPORTUNITY_MENU, '商机', 'Opportunities', '/sales/sell/opportunity', opportunity.name),
        page(ORDER_MENU, '销售订单', 'Sales orders', '/sales/sell/salesOrder', salesOrder.name),
        page(DELIVERY_MENU, '销售发货', 'Deliveries', '/sales/sell/delivery', salesDelivery.name),
        page(
          MAKE_INVOICE_MENU,
          '销售开票',
          'Sales invoicing',
          '/sales/sell/gatheringMakeInvoice',
          salesInvoice.name,
        ),
        page(INVOICE_MENU, '销售发票', 'Sales invoices', '/sales/sell/gatheringInvoice', salesInvoice.name),
      ],
    },
  ],
});

export { DELIVERY_TYPE, salesDelivery } from './delivery.entity';
export { salesInvoice } from './invoice.entity';
export { OPP_STATUS, opportunity } from './opportunity.entity';
export { salesOrder } from './order.entity';
