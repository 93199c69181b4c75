import { defineMessages } from '@mes/engine-server';

/** The sourcing module's messages (errors and the texts of messages sent to suppliers and buyers). */
export const SRM_MESSAGES = defineMessages({
  'srm.sow_not_draft': { zh: '只有草稿状态的 SOW 可以发布', en: 'Only a draft SOW can be released' },
  'srm.sow_not_quoting': { zh: '当前没有进行中的报价轮次', en: 'No quotation round is open' },
  'srm.sow_not_round_closed': {
    zh: '请先截止本轮报价',
    en: 'Close the current quotation round first',
  },
  'srm.sow_closed': { zh: '该 SOW 已结案', en: 'This SOW is closed' },
  'srm.max_rounds': {
    zh: '已达到计划报价轮次（{max} 轮）',
    en: 'All planned offer rounds ({max}) have been held',
  },
  'srm.window_invalid': {
    zh: '截止时间必须晚于开始时间和当前时间',
    en: 'The end time must be after the start time and after now',
  },
  'srm.round_not_started': { zh: '本轮报价尚未开始', en: 'This quotation round has not started yet' },
  'srm.offer_closed': {
    zh: '报价已截止，不能再修改',
    en: 'The quotation round has ended; the quotation can no longer be changed',
  },
  'srm.offer_decided': { zh: '该报价已有结果，不能再修改', en: 'This quotation has been decided' },
  'srm.no_parts': { zh: '请至少添加一行零件', en: 'Add at least one part row' },
  'srm.no_suppliers': { zh: '请至少邀请一家供应商', en: 'Invite at least one supplier' },
  'srm.duplicate_item': { zh: '项次 {item} 重复', en: 'Item {item} appears twice' },
  'srm.duplicate_supplier': { zh: '供应商「{supplier}」重复', en: 'Supplier "{supplier}" appears twice' },
  'srm.supplier_no_account': {
    zh: '供应商「{supplier}」还没有门户账号，请先在供应商档案中开通',
    en: 'Supplier "{supplier}" has no portal account yet; create one in the supplier file first',
  },
  'srm.supplier_disabled': { zh: '供应商「{supplier}」已停用', en: 'Supplier "{supplier}" is disabled' },
  'srm.shortlist_invalid': {
    zh: '下一轮只能邀请本轮已提交报价的供应商',
    en: 'The next round can only invite suppliers that submitted a quotation in this round',
  },
  'srm.shortlist_empty': {
    zh: '本轮没有供应商提交报价，不能进入下一轮',
    en: 'No supplier submitted a quotation in this round; there is nothing to take to a next round',
  },
  'srm.not_invited': {
    zh: '您未被邀请参加该轮报价',
    en: 'You are not invited to this quotation round',
  },
  'srm.not_a_supplier': {
    zh: '当前账号未关联供应商档案',
    en: 'This account is not linked to a supplier file',
  },
  'srm.unknown_item': {
    zh: '项次 {item} 不在该 SOW 的零件清单中',
    en: 'Item {item} is not a part row of this SOW',
  },
  'srm.nothing_quoted': {
    zh: '请至少为一个零件填写单价后再提交',
    en: 'Enter a unit price for at least one part before submitting',
  },
  'srm.price_not_positive': {
    zh: '项次 {item} 的单价必须大于 0',
    en: 'The unit price of item {item} must be greater than 0',
  },
  'srm.price_missing': {
    zh: '项次 {items} 没有填写单价：请填写大于 0 的单价，或勾选“不报价”',
    en: 'Item {items} has no unit price: enter a price greater than 0, or tick "No quote"',
  },
  'srm.award_exists': {
    zh: '该 SOW 已有评标单 {no}',
    en: 'This SOW already has bid evaluation {no}',
  },
  'srm.award_pending': {
    zh: '该 SOW 的评标正在审批中，不能再开启新一轮',
    en: 'An award of this SOW is in approval; no new round can be opened',
  },
  'srm.award_not_quoted': {
    zh: '供应商「{supplier}」在第 {round} 轮没有对项次 {item} 有效报价',
    en: 'Supplier "{supplier}" has no valid quotation for item {item} in round {round}',
  },
  'srm.award_incomplete': { zh: '项次 {item} 还没有定标', en: 'Item {item} has not been awarded' },
  'srm.award_one_supplier': {
    zh: '整包定标时所有零件必须授予同一家供应商',
    en: 'A whole-SOW award gives every part to the same supplier',
  },
  'srm.award_published': {
    zh: '定标结果已通知供应商，不能反审核',
    en: 'The suppliers have been told the award; it cannot be unapproved',
  },
  'srm.account_exists': {
    zh: '该供应商已有门户账号 {account}',
    en: 'This supplier already has portal account {account}',
  },
  'srm.no_supplier_role': {
    zh: '系统中没有“供应商门户”角色',
    en: 'The supplier portal role does not exist',
  },
  // texts of the messages sent: stored as key and parameters, read in each reader's language
  'srm.msg_invited': {
    zh: '邀请报价：{sow} {project} 第 {round} 轮，截止 {end}',
    en: 'Request for quotation: {sow} {project} round {round}, closes {end}',
  },
  'srm.msg_round_closed': {
    zh: '{sow} {project} 第 {round} 轮报价已截止',
    en: '{sow} {project} round {round} has closed',
  },
  'srm.msg_not_shortlisted': {
    zh: '{sow} {project}：感谢报价，您未进入第 {round} 轮',
    en: '{sow} {project}: thank you for quoting; you are not in round {round}',
  },
  'srm.msg_passed': {
    zh: '{sow} {project}：恭喜中标（{parts}）',
    en: '{sow} {project}: awarded to you ({parts})',
  },
  'srm.msg_rejected': {
    zh: '{sow} {project}：很遗憾，本次未中标',
    en: '{sow} {project}: thank you; the award went to another supplier',
  },
  'srm.msg_case_closed': {
    zh: '{sow} {project} 已结案：{reason}',
    en: '{sow} {project} is closed: {reason}',
  },
  'srm.msg_quote_submitted': {
    zh: '{supplier} 已提交 {sow} 第 {round} 轮报价',
    en: '{supplier} submitted a quotation for {sow} round {round}',
  },
  'srm.msg_expiring': {
    zh: '供应商资质文件即将到期：{count} 份',
    en: 'Supplier documents expiring soon: {count}',
  },
});
