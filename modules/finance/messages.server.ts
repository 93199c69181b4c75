import { defineMessages } from '@mes/engine-server';

/** The finance module's messages, both languages. */
defineMessages({
  'fin.entry_invalid': {
    zh: '往来分录无效：{what}',
    en: 'Invalid ledger entry: {what}',
  },
  'fin.partner_unknown': {
    zh: '往来单位不存在：{side} ID {id}',
    en: 'Unknown partner: {side} ID {id}',
  },
  'fin.currency_unknown': {
    zh: '币种不存在：ID {id}',
    en: 'Unknown currency: ID {id}',
  },
  'fin.doc_settled': {
    zh: '单据 {doc} 已被 {by} 核销，需先反审核这些单据',
    en: 'Document {doc} is settled by {by}; unapprove those first',
  },
});

defineMessages({
  'fin.lines_only_trade': {
    zh: '只有款项类型为“货款”的单据可以核销发票',
    en: 'Only a document of kind "Invoices" allocates to invoices',
  },
  'fin.amount_positive': {
    zh: '金额必须大于 0',
    en: 'The amount must be greater than 0',
  },
  'fin.line_amount_positive': {
    zh: '第 {line} 行：本次核销金额必须大于 0',
    en: 'Line {line}: the allocated amount must be greater than 0',
  },
  'fin.line_twice': {
    zh: '第 {line} 行：发票 {doc} 重复核销',
    en: 'Line {line}: invoice {doc} is allocated twice',
  },
  'fin.not_open': {
    zh: '第 {line} 行：{doc} 不是该往来单位此币种的未结单据',
    en: 'Line {line}: {doc} is not an open document of this partner in this currency',
  },
  'fin.over_open': {
    zh: '第 {line} 行：{doc} 本次核销 {amount} 超过未结金额 {open}',
    en: 'Line {line}: {amount} allocated to {doc} is more than its open {open}',
  },
  'fin.over_allocated': {
    zh: '核销合计 {allocated} 超过单据金额 {amount}',
    en: 'Allocations of {allocated} exceed the amount of {amount}',
  },
  'fin.no_rate': {
    zh: '请填写汇率（币种未设置汇率）',
    en: 'Enter the exchange rate (the currency has none)',
  },
});

defineMessages({
  'fin.period_order': {
    zh: '开始日期 {from} 晚于结束日期 {to}',
    en: 'The start date {from} is after the end date {to}',
  },
  'fin.statement_too_long': {
    zh: '对账单超过 {max} 条明细，请缩短期间',
    en: 'The statement has more than {max} entries; choose a shorter period',
  },
});
