import { defineMessages } from '@mes/engine-server';

/** The sales module's refusals, both languages. */
defineMessages({
  'sales.no_lines': { zh: '请至少填写一行明细', en: 'Add at least one line' },
  'sales.qty_positive': {
    zh: '第 {line} 行：数量必须大于 0',
    en: 'Line {line}: the quantity must be above 0',
  },
  'sales.no_price': {
    zh: '第 {line} 行：请填写单价（该客户没有此物料的历史价格）',
    en: 'Line {line}: enter a unit price (this customer has no earlier price for the material)',
  },
  'sales.credit_over': {
    zh: '超出客户信用额度 {over}（信用额度 {limit}，已占用 {used}，本单 {order}）',
    en: 'The customer’s credit limit is exceeded by {over} (limit {limit}, in use {used}, this order {order})',
  },
  'sales.order_delivered': {
    zh: '订单已有发货单 {docs}，不能反审核',
    en: 'The order has deliveries ({docs}); it cannot be unapproved',
  },
  'sales.order_line_unknown': {
    zh: '第 {line} 行：订单 {order} 没有第 {orderLine} 行',
    en: 'Line {line}: order {order} has no line {orderLine}',
  },
  'sales.order_not_approved': {
    zh: '第 {line} 行：订单 {order} 未审核，不能发货',
    en: 'Line {line}: order {order} is not approved; nothing can be delivered against it',
  },
  'sales.order_other_customer': {
    zh: '第 {line} 行：订单 {order} 属于其他客户',
    en: 'Line {line}: order {order} belongs to another customer',
  },
  'sales.over_delivered': {
    zh: '第 {line} 行：发货数量 {qty} 超过订单未发数量 {open}',
    en: 'Line {line}: {qty} is more than the {open} still to deliver on the order line',
  },
  'sales.over_returned': {
    zh: '第 {line} 行：退货数量 {qty} 超过已发货数量 {open}',
    en: 'Line {line}: {qty} is more than the {open} delivered on the order line',
  },
  'sales.delivery_invoiced': {
    zh: '发货单已开票（{docs}），不能反审核',
    en: 'The delivery is invoiced ({docs}); it cannot be unapproved',
  },
  'sales.delivery_line_unknown': {
    zh: '第 {line} 行：发货单 {doc} 没有第 {docLine} 行',
    en: 'Line {line}: delivery {doc} has no line {docLine}',
  },
  'sales.delivery_not_approved': {
    zh: '第 {line} 行：发货单 {doc} 未审核或不是发货，不能开票',
    en: 'Line {line}: delivery {doc} is not an approved delivery; it cannot be invoiced',
  },
  'sales.delivery_other_customer': {
    zh: '第 {line} 行：发货单 {doc} 属于其他客户',
    en: 'Line {line}: delivery {doc} belongs to another customer',
  },
  'sales.over_invoiced': {
    zh: '第 {line} 行：开票数量 {qty} 超过未开票数量 {open}',
    en: 'Line {line}: {qty} is more than the {open} delivered and not invoiced yet',
  },
  'sales.no_currency': {
    zh: '请选择币种（客户未设币种，也没有本位币）',
    en: 'Choose a currency (the customer has none and no base currency is set)',
  },
  'sales.invoice_paid': {
    zh: '发票已收款，不能反审核',
    en: 'The invoice has receipts against it; it cannot be unapproved',
  },
  'sales.deal_closed': {
    zh: '商机已放弃或已成交，不能再成交',
    en: 'The opportunity is abandoned or already a deal',
  },
  'sales.deal_needs_product': {
    zh: '请先填写商机的意向产品和意向数量',
    en: 'Enter the opportunity’s product and quantity first',
  },
  'sales.deal_by_action': {
    zh: '商机状态“已成交”只能通过“成交”生成销售订单',
    en: 'An opportunity becomes a deal only through Deal, which makes its sales order',
  },
});
