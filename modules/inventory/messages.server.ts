import { defineMessages } from '@mes/engine-server';

/** The inventory module's messages, both languages. */
defineMessages({
  'iv.shortage': {
    zh: '物料「{material}」在库位「{location}」{batch}库存不足：需要 {need}，现有 {available}，缺少 {shortfall}',
    en: 'Not enough "{material}" at location "{location}"{batch}: {need} needed, {available} on hand, {shortfall} short',
  },
  'iv.used_later': {
    zh: '物料「{material}」的入库已被后续单据使用，不能反审核',
    en: 'Later movements have already used the stock this document received ("{material}"); it cannot be unapproved',
  },
  'iv.unapprove_used': {
    zh: '反审核失败：物料「{material}」在库位「{location}」已被后续单据 {docs} 使用，需先反审核该单据',
    en: 'Cannot unapprove: later document {docs} used "{material}" at "{location}"; unapprove it first',
  },
  'iv.unapprove_used_many': {
    zh: '反审核失败：物料「{material}」在库位「{location}」已被后续单据 {docs} 使用，需先反审核这些单据',
    en: 'Cannot unapprove: later documents {docs} used "{material}" at "{location}"; unapprove them first',
  },
  'iv.material_unknown': {
    zh: '第 {line} 行：物料不存在或已停用',
    en: 'Line {line}: the material does not exist or is disabled',
  },
  'iv.location_unknown': {
    zh: '第 {line} 行：库位不存在或已停用',
    en: 'Line {line}: the location does not exist or is disabled',
  },
  'iv.qty_positive': {
    zh: '第 {line} 行：数量必须大于 0',
    en: 'Line {line}: the quantity must be greater than 0',
  },
  'iv.to_location': {
    zh: '第 {line} 行：调拨须填写不同于调出库位的调入库位',
    en: 'Line {line}: a transfer needs a to-location different from the from-location',
  },
  'iv.to_location_only_transfer': {
    zh: '第 {line} 行：只有调拨单可以填写调入库位',
    en: 'Line {line}: only a transfer has a to-location',
  },
  'iv.batch_required': {
    zh: '第 {line} 行：物料「{material}」启用了批次管理，请填写批次号',
    en: 'Line {line}: "{material}" is batch managed; enter a batch number',
  },
  'iv.future_date': {
    zh: '业务日期 {date} 晚于今天，库存不能按将来的日期过账',
    en: 'The posting date {date} is later than today: stock cannot be posted on a future date',
  },
  'iv.period_closed': {
    zh: '库存已关账至 {closed}，业务日期为 {date} 的单据不能过账',
    en: 'Stock is closed up to {closed}: a document dated {date} cannot be posted',
  },
  'iv.period_closed_reverse': {
    zh: '库存已关账至 {closed}，业务日期为 {date} 的单据不能反审核',
    en: 'Stock is closed up to {closed}: a document dated {date} cannot be unapproved',
  },
  'iv.no_lines': { zh: '单据至少需要一行明细', en: 'The document needs at least one line' },
  'iv.posting_exists': {
    zh: '该单据已过账，不能重复过账',
    en: 'This document has already been posted',
  },
  'iv.count_where': { zh: '请先选择仓库或库位', en: 'Choose a warehouse or a location first' },
  'iv.count_warehouse_unknown': {
    zh: '仓库不存在或已停用',
    en: 'The warehouse does not exist or is disabled',
  },
  'iv.count_location_unknown': {
    zh: '库位不存在或已停用',
    en: 'The location does not exist or is disabled',
  },
  'iv.count_location_warehouse': {
    zh: '库位不属于所选仓库',
    en: 'The location is not in the chosen warehouse',
  },
  'iv.count_too_many': {
    zh: '该仓库有 {n} 条库存记录，超过单据上限 {max} 条，请按库位分次盘点',
    en: 'There are {n} stock records here, more than the {max} lines a document holds; count location by location',
  },
  'iv.bad_days': { zh: '天数必须在 1 到 3650 之间', en: 'Days must be between 1 and 3650' },
});
