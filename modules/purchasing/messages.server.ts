import { defineMessages } from '@mes/engine-server';

/** The purchasing module's messages, both languages. */
defineMessages({
  'pur.no_lines': { zh: '至少需要一行明细', en: 'At least one line is needed' },
  'pur.qty_positive': {
    zh: '第 {line} 行：数量必须大于 0',
    en: 'Line {line}: the quantity must be greater than 0',
  },
  'pur.price_missing': {
    zh: '第 {line} 行：没有单价，也没有可带出的中标价或最近采购价',
    en: 'Line {line}: no price, and no awarded or last purchase price to take',
  },
  'pur.request_line_unknown': {
    zh: '第 {line} 行：采购申请 {doc} 没有第 {source} 行',
    en: 'Line {line}: purchase request {doc} has no line {source}',
  },
  'pur.request_not_approved': {
    zh: '第 {line} 行：采购申请 {doc} 未审核，不能下单',
    en: 'Line {line}: purchase request {doc} is not approved',
  },
  'pur.request_material': {
    zh: '第 {line} 行：物料与采购申请 {doc} 第 {source} 行不一致',
    en: 'Line {line}: the material differs from line {source} of request {doc}',
  },
  'pur.request_over': {
    zh: '第 {line} 行：采购申请 {doc} 第 {source} 行还可下单 {room}，本次 {qty}',
    en: 'Line {line}: line {source} of request {doc} has {room} left to order, {qty} given',
  },
  'pur.request_ordered': {
    zh: '采购申请已被采购订单 {docs} 引用，不能反审核',
    en: 'Purchase orders {docs} use this request; it cannot be unapproved',
  },
  'pur.order_line_unknown': {
    zh: '第 {line} 行：采购订单没有第 {source} 行',
    en: 'Line {line}: the purchase order has no line {source}',
  },
  'pur.order_not_approved': {
    zh: '第 {line} 行：采购订单 {doc} 未审核，不能收货',
    en: 'Line {line}: purchase order {doc} is not approved',
  },
  'pur.foreign_order': {
    zh: '第 {line} 行：采购订单 {doc} 不是本供应商的订单',
    en: "Line {line}: purchase order {doc} is not this supplier's",
  },
  'pur.over_receipt': {
    zh: '第 {line} 行：采购订单 {doc} 第 {source} 行超收（订货 {ordered}，已收 {received}，超收允差 {tolerance}%，还可收 {room}，本次 {qty}）',
    en: 'Line {line}: over-receipt on line {source} of order {doc} (ordered {ordered}, received {received}, tolerance {tolerance}%, {room} left, {qty} given)',
  },
  'pur.over_return': {
    zh: '第 {line} 行：采购订单 {doc} 第 {source} 行退货 {qty} 超过可退数量 {room}',
    en: 'Line {line}: the return of {qty} on line {source} of order {doc} exceeds the {room} that may be returned',
  },
  'pur.order_received': {
    zh: '采购订单已有收货单 {docs}，不能反审核',
    en: 'Receipts {docs} exist for this order; it cannot be unapproved',
  },
  'pur.receipt_invoiced': {
    zh: '采购收货已开票（{docs}），不能反审核',
    en: 'This receipt has been invoiced ({docs}); it cannot be unapproved',
  },
  'pur.receipt_line_unknown': {
    zh: '第 {line} 行：采购收货 {doc} 没有第 {source} 行',
    en: 'Line {line}: purchase receipt {doc} has no line {source}',
  },
  'pur.receipt_not_invoiceable': {
    zh: '第 {line} 行：采购收货 {doc} 未审核或为退货单，不能开票',
    en: 'Line {line}: purchase receipt {doc} is not an approved receipt',
  },
  'pur.foreign_receipt': {
    zh: '第 {line} 行：采购收货 {doc} 不是本供应商的收货',
    en: "Line {line}: purchase receipt {doc} is not this supplier's",
  },
  'pur.over_invoice': {
    zh: '第 {line} 行：采购收货 {doc} 第 {source} 行开票数量超过收货数量（收货 {received}，已开票 {invoiced}，本次 {qty}）',
    en: 'Line {line}: invoiced quantity above received on line {source} of receipt {doc} (received {received}, invoiced {invoiced}, {qty} given)',
  },
  'pur.diff_reason': {
    zh: '第 {line} 行：发票单价 {price} 与订单单价 {orderPrice} 不一致，请填写差异原因',
    en: 'Line {line}: the invoice price {price} differs from the order price {orderPrice}; give the reason',
  },
  'pur.currency_mismatch': {
    zh: '开票明细来自不同币种的采购订单，请分开开票',
    en: 'The lines come from orders in different currencies; register them on separate invoices',
  },
  'pur.invoice_paid': {
    zh: '采购发票已有付款（未付金额 {open}），不能反审核',
    en: 'Payments are allocated to this invoice ({open} still open); it cannot be unapproved',
  },
  'pur.no_currency': { zh: '请先维护币种', en: 'Set up a currency first' },
  'pur.plan_not_found': { zh: '生产计划不存在', en: 'The production plan does not exist' },
  'pur.nothing_to_request': {
    zh: '没有需要采购的物料',
    en: 'Nothing needs to be bought',
  },
});
