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
