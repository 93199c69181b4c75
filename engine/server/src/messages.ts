import type { Label } from '@mes/model';

/** Server messages, both languages; errors carry one of these keys, never free text. */
export const MESSAGES = {
  ok: { zh: '操作成功', en: 'Done' },
  not_found: { zh: '记录不存在或已被删除', en: 'The record does not exist or has been deleted' },
  route_not_found: { zh: '接口不存在：{method} {url}', en: 'No such endpoint: {method} {url}' },
  version_conflict: {
    zh: '该记录已被其他人修改，请刷新后重试',
    en: 'Someone else has changed this record; reload it and try again',
  },
  validation: { zh: '{field}：{reason}', en: '{field}: {reason}' },
  errors_all: { zh: '共 {n} 处错误：{list}', en: '{n} problems: {list}' },
  errors_more: { zh: '共 {n} 处错误：{list}……', en: '{n} problems: {list}; …' },
  unknown_field: { zh: '不允许的字段：{field}', en: 'Field not allowed: {field}' },
  body_too_large: { zh: '请求内容过大（上限 {limit}）', en: 'The request is too large (limit {limit})' },
  invalid_json: { zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  empty_body: { zh: '请求内容不能为空', en: 'The request body must not be empty' },
  bad_media_type: { zh: '不支持的内容类型', en: 'Unsupported content type' },
  invalid_id: { zh: 'ID 无效：{id}', en: 'Invalid ID: {id}' },
  referenced: {
    zh: '该记录已被「{entity}」引用，不能删除',
    en: 'This record is used by "{entity}" and cannot be deleted',
  },
  duplicate: { zh: '「{field}」的值已存在', en: 'The value of "{field}" already exists' },
  ref_missing: { zh: '「{field}」选择的记录不存在', en: 'The record chosen for "{field}" does not exist' },
  ref_filtered: {
    zh: '「{field}」{value} 不属于所选的「{by}」',
    en: '"{field}" {value} does not belong to the chosen "{by}"',
  },
  ref_filtered_line: {
    zh: '第 {line} 行：「{field}」{value} 不属于所选的「{by}」',
    en: 'Line {line}: "{field}" {value} does not belong to the chosen "{by}"',
  },
  doc_not_draft: {
    zh: '只有草稿状态的单据可以修改或作废',
    en: 'Only draft documents can be changed or voided',
  },
  not_allowed_now: {
    zh: '该记录当前状态不允许此操作',
    en: 'This is not possible for the record in its present state',
  },
  read_only_entity: { zh: '该数据只读，不能修改', en: 'This data is read-only' },
  tree_cycle: {
    zh: '上级不能是自己或自己的下级',
    en: 'The parent cannot be the record itself or one of its descendants',
  },
  internal: { zh: '服务器内部错误，请稍后再试', en: 'Internal server error; please try again later' },
  bad_encoding: {
    zh: '请求中有无法解码的内容（% 编码不正确）',
    en: 'The request holds text that cannot be decoded (a malformed % escape)',
  },
  data_invalid: {
    zh: '提交的数据超出范围或格式不正确，未做任何修改',
    en: 'The data sent is out of range or malformed; nothing was changed',
  },
  unauthorized: { zh: '请先登录', en: 'Please sign in first' },
  session_expired: { zh: '登录已过期，请重新登录', en: 'Your session has expired; please sign in again' },
  login_failed: { zh: '账号或密码错误', en: 'Wrong account or password' },
  login_locked: {
    zh: '登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins; try again in {minutes} minutes',
  },
  account_disabled: {
    zh: '账号已停用，请联系管理员',
    en: 'This account is disabled; contact your administrator',
  },
  old_password_wrong: { zh: '原密码错误', en: 'The old password is wrong' },
  password_length: {
    zh: '新密码长度应为 {min} 到 {max} 个字符',
    en: 'The new password must have {min} to {max} characters',
  },
  password_same: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' },
  password_blank: { zh: '新密码不能只由空格组成', en: 'The new password cannot be only spaces' },
  password_common: {
    zh: '新密码过于常见，容易被猜中，请换一个',
    en: 'The new password is too common and easily guessed; choose another',
  },
  password_change_required: {
    zh: '请先修改初始密码，然后才能继续使用系统',
    en: 'Change your initial password before you continue',
  },
  not_own_user: { zh: '只能操作自己的账号', en: 'You can only do this for your own account' },
  menu_not_found: { zh: '菜单不存在', en: 'No such menu' },
  approval_state: {
    zh: '单据当前状态（{state}）不能执行此操作',
    en: 'Not possible while the document is "{state}"',
  },
  has_dependants: {
    zh: '已有后续单据引用该单据，不能反审核',
    en: 'A later document depends on this one; it cannot be unapproved',
  },
  approval_date: { zh: '请选择过账日期', en: 'Please choose the posting date' },
  not_current_approver: {
    zh: '您不是该单据当前的审批人',
    en: 'You are not the current approver of this document',
  },
  reason_required: { zh: '请填写原因', en: 'Please give a reason' },
  submit_first: {
    zh: '该单据需多级审批，请由制单人先提交审批',
    en: 'This document needs several approvals: its author submits it first',
  },
  no_approval_levels: {
    zh: '该菜单未设置审批级别，请直接审核',
    en: 'No approval levels are set for this menu: approve the document directly',
  },
  withdraw_not_author: { zh: '只有制单人才能撤回该单据', en: 'Only the author may withdraw this document' },
  withdraw_after_approval: {
    zh: '单据已有审批人审核，不能撤回',
    en: 'An approver has already approved this document; it cannot be withdrawn',
  },
  approver_cannot_approve: {
    zh: '「{user}」没有「{menu}」的审核权限，不能设为审批人',
    en: '"{user}" has no approve right on "{menu}" and cannot be an approver',
  },
  bad_next_user: {
    zh: '转交的审批人无效（不能是自己，且必须是在用的员工账号）',
    en: 'Invalid next approver (not yourself, and an active staff account)',
  },
  next_user_is_author: {
    zh: '不能转交给单据的制单人审批',
    en: 'The document cannot be passed to its own author for approval',
  },
  next_user_cannot_approve: {
    zh: '转交的审批人没有该单据的审核权限',
    en: 'The chosen approver has no right to approve this document',
  },
  unapprove_last_level: {
    zh: '只有最后一级审批人才能反审核该单据',
    en: 'Only an approver of the last level may unapprove this document',
  },
  msg_pending: { zh: '{doc} {no} 待您审批', en: '{doc} {no} is waiting for your approval' },
  msg_approved: { zh: '{doc} {no} 已审核通过', en: '{doc} {no} has been approved' },
  msg_rejected: { zh: '{doc} {no} 被驳回：{reason}', en: '{doc} {no} was rejected: {reason}' },
  custom_too_many: { zh: '最多只能添加6个自定义字段', en: 'At most 6 custom fields can be added' },
  custom_column: {
    zh: '第 {n} 个字段：字段列只能是 Extension_Field1 到 Extension_Field6',
    en: 'Field {n}: the column must be one of Extension_Field1 to Extension_Field6',
  },
  custom_column_twice: { zh: '第 {n} 个字段：字段列重复', en: 'Field {n}: this column is used twice' },
  custom_describe: { zh: '第 {n} 个字段：字段名称不能为空', en: 'Field {n}: the field name is required' },
  custom_type: { zh: '第 {n} 个字段：请选择值类型', en: 'Field {n}: choose a value type' },
  custom_width: { zh: '第 {n} 个字段：宽度应为 1 到 4', en: 'Field {n}: the width must be 1 to 4' },
  custom_sort: {
    zh: '第 {n} 个字段：位置格式应为 位置-宽度',
    en: 'Field {n}: the position must look like position-width',
  },
  custom_enum: {
    zh: '第 {n} 个字段：枚举字段需要选项值',
    en: 'Field {n}: an enum field needs option values',
  },
  custom_bind_url: {
    zh: '第 {n} 个字段：绑定地址应为本系统可查看的列表地址，如 /Unit',
    en: 'Field {n}: the bind URL must be a list of this system you may view, such as /Unit',
  },
  custom_saved: {
    zh: '自定义字段已保存，其他用户需重新登录后生效',
    en: 'Custom fields saved; other users must sign in again to see them',
  },
  custom_unconfigured: {
    zh: '{field} 没有配置自定义字段，不能填写',
    en: '{field} is not configured as a custom field and cannot take a value',
  },
  custom_menu: {
    zh: '只能为显示该数据对象的页面配置自定义字段',
    en: 'Custom fields can only be defined for a page that shows this object',
  },
  custom_not_allowed: { zh: '该页面不支持自定义字段', en: 'This page does not allow custom fields' },
  table_params: { zh: '表格配置参数错误！', en: 'Table configuration parameters are wrong!' },
  table_saved: { zh: '表格配置已保存', en: 'Table configuration saved' },
  table_reset: { zh: '表格配置已重置', en: 'Table configuration reset' },
  unknown_column: { zh: '未知的列：{column}', en: 'Unknown column: {column}' },
  tags_not_allowed: { zh: '该页面不支持标签', en: 'This page does not use tags' },
  tag_unknown: {
    zh: '标签不存在或不适用于该页面：{id}',
    en: 'Tag {id} does not exist or does not apply to this page',
  },
  upload_doc_types: {
    zh: '请上传 (doc|docx|xls|xlsx|pdf) 格式的文件',
    en: 'Please upload (doc|docx|xls|xlsx|pdf) format files',
  },
  upload_image_types: {
    zh: '请上传 (PDF|PNG|GIF|JPG|JPEG) 格式的图片',
    en: 'Please upload (PDF|PNG|GIF|JPG|JPEG) format images',
  },
  upload_content: { zh: '文件内容与扩展名不符', en: 'The file content does not match its extension' },
  upload_too_large: { zh: '文件过大（上限 {limit}）', en: 'The file is too large (limit {limit})' },
  upload_no_file: { zh: '请选择要上传的文件', en: 'Choose a file to upload' },
  attachments_not_allowed: { zh: '该数据不支持附件', en: 'This data does not take attachments' },
  print_too_many: {
    zh: '一次最多打印 {max} 条',
    en: 'At most {max} records can be printed at once',
  },
  print_too_many_lines: {
    zh: '一次最多打印 {max} 行明细，请少选几条',
    en: 'At most {max} lines can be printed at once; choose fewer records',
  },
  print_no_row: { zh: '请先选择需要打印的行', en: 'Please choose the rows to print first' },
  print_not_allowed: { zh: '该数据没有打印模板', en: 'There is no print template for this data' },
  print_draft: { zh: '单据审核后才能打印', en: 'A document can be printed once it is approved' },
  list_views_too_many: {
    zh: '每个列表最多保存 {max} 个筛选',
    en: 'At most {max} filters can be saved per list',
  },
  print_void: { zh: '已作废的单据不能打印', en: 'A void document cannot be printed' },
  print_layout_entity: {
    zh: '没有可打印的单据类型：{name}',
    en: 'No printable document type is named {name}',
  },
  import_bad_file: { zh: '请上传 xlsx 格式的 Excel 文件', en: 'Please upload an Excel file in xlsx format' },
  import_empty: { zh: 'Excel 文件中没有数据', en: 'The Excel file has no data rows' },
  import_too_many: { zh: '一次最多导入 {max} 行', en: 'At most {max} rows can be imported at once' },
  import_failed: {
    zh: '有 {n} 行数据有误，未导入任何数据',
    en: '{n} rows have errors; nothing was imported',
  },
  import_done: { zh: '已导入 {n} 行', en: '{n} rows imported' },
  import_done_detail: {
    zh: '新增 {added} 行，更新 {updated} 行，跳过 {skipped} 行',
    en: '{added} rows added, {updated} updated, {skipped} skipped',
  },
  import_dry_run: {
    zh: '试导入：将新增 {added} 行，更新 {updated} 行，跳过 {skipped} 行，未保存任何数据',
    en: 'Trial run: {added} rows would be added, {updated} updated, {skipped} skipped; nothing was saved',
  },
  import_dry_run_failed: {
    zh: '试导入：有 {n} 行数据有误，未保存任何数据',
    en: 'Trial run: {n} rows have errors; nothing was saved',
  },
  import_skip_exists: {
    zh: '已存在（{field}：{value}），仅新增时跳过',
    en: 'Exists ({field}: {value}); skipped when adding only',
  },
  import_skip_missing: { zh: '不存在，仅更新时跳过', en: 'Does not exist; skipped when updating only' },
  import_no_edit: {
    zh: '没有修改权限，不能更新已存在的记录（{field}：{value}）',
    en: 'You may not edit, so the existing record ({field}: {value}) cannot be updated',
  },
  import_no_key: {
    zh: '该数据没有可用于匹配的编码，不能按编码更新',
    en: 'This data has no code to match records by, so it cannot be updated by import',
  },
  import_unknown_value: { zh: '找不到：{detail}', en: 'Not found: {detail}' },
  import_unzipped_too_large: {
    zh: 'Excel 文件解压后过大（上限 {limit}）',
    en: 'The Excel file is too large once unpacked (limit {limit})',
  },
  import_no_result: {
    zh: '公式没有计算结果：请在 Excel 中打开、重新计算并保存后再导入',
    en: 'A formula has no calculated value: open the file in Excel, recalculate, save and import it again',
  },
  import_no_result_rows: {
    zh: '第 {rows} 行的公式没有计算结果：请在 Excel 中打开、重新计算并保存后再导入',
    en: 'Formulas in rows {rows} have no calculated value: open the file in Excel, recalculate, save and import it again',
  },
  import_row_invalid: {
    zh: '数据超出允许的范围或格式不正确',
    en: 'A value is out of the allowed range or badly formed',
  },
  import_row_failed: { zh: '该行无法保存', en: 'This row could not be saved' },
  heavy_failed: {
    zh: '文件或数据过大，无法处理',
    en: 'The file or data is too large to be processed',
  },
  lines_unknown: { zh: '没有名为 {name} 的明细', en: 'There are no lines named {name}' },
  lines_too_many: {
    zh: 'Excel 中有 {n} 行明细，一张单据最多 {max} 行',
    en: 'The Excel file has {n} lines; a document holds at most {max}',
  },
  company_single: { zh: '公司信息只能有一条', en: 'There can be only one company record' },
  forbidden: { zh: '没有权限执行此操作', en: 'You are not allowed to do this' },
  too_many_requests: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests; please try again later' },
  // reasons inside `validation`
  r_required: { zh: '不能为空', en: 'is required' },
  r_type: { zh: '类型错误，应为{expected}', en: 'has the wrong type; expected {expected}' },
  r_too_long: { zh: '长度不能超过 {max}', en: 'must be at most {max} characters' },
  r_too_small: { zh: '不能小于 {min}', en: 'must be at least {min}' },
  r_too_big: { zh: '不能大于 {max}', en: 'must be at most {max}' },
  r_too_few: { zh: '至少需要 {min} 项', en: 'needs at least {min} items' },
  r_too_many: { zh: '最多 {max} 项', en: 'allows at most {max} items' },
  r_not_int: { zh: '必须是整数', en: 'must be a whole number' },
  r_format: { zh: '格式不正确', en: 'has an invalid format' },
  r_value: { zh: '取值无效', en: 'is not an allowed value' },
  decimal_invalid: { zh: '不是有效的数字', en: 'is not a valid number' },
  decimal_range: {
    zh: '最多 {int} 位整数、{scale} 位小数',
    en: 'allows at most {int} digits before and {scale} after the decimal point',
  },
  decimal_min: { zh: '不能小于 {min}', en: 'must be at least {min}' },
  date_invalid: { zh: '日期格式应为 yyyy-MM-dd', en: 'must be a date in the form yyyy-MM-dd' },
  date_range: { zh: '年份应在 {min} 到 {max} 之间', en: 'must have a year from {min} to {max}' },
  text_nul: { zh: '不能包含空字符（\\0）', en: 'must not contain the NUL character (\\0)' },
  time_invalid: { zh: '时间格式应为 HH:mm', en: 'must be a time in the form HH:mm' },
  sort_not_allowed: { zh: '不能按「{field}」排序', en: 'cannot be sorted by "{field}"' },
  lookup_only: {
    zh: '仅可选用此资料：只能按 {fields} 查找和排序',
    en: 'You may only pick these records: search and sort by {fields} only',
  },
  line_no: { zh: '第 {n} 行', en: 'row {n}' },
  t_string: { zh: '文本', en: 'text' },
  t_number: { zh: '数字', en: 'a number' },
  t_boolean: { zh: '是/否', en: 'true or false' },
  t_array: { zh: '列表', en: 'a list' },
  t_object: { zh: '对象', en: 'an object' },
} satisfies Record<string, Label>;

/** A module's own keys are namespaced (`srm.quote_closed`), so that they never collide with the engine's. */
export type ModuleMessageKey = `${string}.${string}`;
export type MessageKey = keyof typeof MESSAGES | ModuleMessageKey;

const moduleMessages = new Map<string, Label>();

/**
 * Adds a module's messages to the catalogue (both languages, like the engine's). Called when the
 * module's server code loads; a key declared twice is a programming error.
 */
export function defineMessages<const T extends Record<ModuleMessageKey, Label>>(catalogue: T): T {
  for (const [k, v] of Object.entries(catalogue)) {
    if (k in MESSAGES || (moduleMessages.has(k) && moduleMessages.get(k) !== v))
      throw new Error(`Message ${k} declared twice`);
    moduleMessages.set(k, v);
  }
  return catalogue;
}

export function messageOf(key: string): Label | undefined {
  return key in MESSAGES ? MESSAGES[key as keyof typeof MESSAGES] : moduleMessages.get(key);
}

export function isMessageKey(k: string): k is MessageKey {
  return k in MESSAGES || moduleMessages.has(k);
}
