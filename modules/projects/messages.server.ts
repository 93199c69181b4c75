import { defineMessages } from '@mes/engine-server';

/** The projects module's messages (errors and the texts of messages sent to the team). */
export const PM_MESSAGES = defineMessages({
  'pm.dates_order': { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  'pm.dependency_cycle': {
    zh: '前置任务形成循环：{tasks}',
    en: 'The predecessors form a cycle: {tasks}',
  },
  'pm.dependency_self': { zh: '任务不能以自己为前置任务', en: 'A task cannot be its own predecessor' },
  'pm.dependency_other_project': {
    zh: '前置任务「{task}」不属于同一项目',
    en: 'Predecessor "{task}" belongs to another project',
  },
  'pm.parent_other_project': {
    zh: '上级任务不属于同一项目',
    en: 'The parent task belongs to another project',
  },
  'pm.sow_has_project': {
    zh: 'SOW {sow} 已建立项目 {project}',
    en: 'SOW {sow} already has project {project}',
  },
  'pm.project_not_approved': {
    zh: '项目尚未审批通过',
    en: 'The project is not approved yet',
  },
  'pm.last_gate': { zh: '项目已在最后一个阀点', en: 'The project is at its last gate' },
  'pm.gate_red': {
    zh: '阀点 P{gate} 有红色交付物：{items}；如需放行请填写原因',
    en: 'Gate P{gate} has red deliverables: {items}; give a reason to pass it anyway',
  },
  'pm.meeting_closed': { zh: '会议已关闭', en: 'The meeting is closed' },
  'pm.minutes_incomplete': {
    zh: '会议纪要第 {rows} 行为行动项，请填写负责人和完成期限',
    en: 'Minute row {rows} is an action: give it a champion and a due date',
  },
  'pm.action_already_closed': { zh: '该行动项已关闭', en: 'This action is already closed' },
  'pm.action_not_champion': {
    zh: '只有负责人可以关闭该行动项',
    en: 'Only the champion can close this action',
  },
  'pm.action_not_closed': { zh: '行动项尚未由负责人关闭', en: 'The champion has not closed this action yet' },
  'pm.action_already_verified': { zh: '该行动项已验证', en: 'This action is already verified' },
  'pm.action_not_supervisor': {
    zh: '只有监督人可以验证该行动项',
    en: 'Only the supervisor can verify this action',
  },
  'pm.msg_action': {
    zh: '您有新的行动项 {no}：{text}（完成期限 {due}）',
    en: 'New action {no} for you: {text} (due {due})',
  },
  'pm.msg_meeting': {
    zh: '会议邀请：{theme}，时间 {time}，地点 {location}',
    en: 'Meeting invitation: {theme} at {time}, {location}',
  },
  'pm.msg_verify': { zh: '行动项 {no} 已关闭，请验证', en: 'Action {no} is closed; please verify it' },
  'pm.log_created': {
    zh: '由模板「{template}」建立 {count} 个交付物',
    en: '{count} deliverables from template "{template}"',
  },
  'pm.log_from_sow': { zh: '由 SOW {sow} 建立', en: 'Created from SOW {sow}' },
  'pm.log_gate': { zh: '通过阀点 P{gate}{reason}', en: 'Gate P{gate} passed{reason}' },
  'pm.log_closed': { zh: '关闭：{reason}', en: 'Closed: {reason}' },
  'pm.log_task_moved': {
    zh: '任务「{task}」移至 {start} ~ {end}，后续 {count} 个任务随之顺延',
    en: 'Task "{task}" moved to {start} ~ {end}; {count} dependent tasks followed',
  },
  'pm.log_team': { zh: '团队成员 {count} 人', en: 'Team of {count}' },
  'pm.log_changed': { zh: '项目信息已修改', en: 'Project details changed' },
});
