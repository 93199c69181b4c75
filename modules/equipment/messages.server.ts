import { defineMessages } from '@mes/engine-server';

/** The equipment module's messages. */
export const EM_MESSAGES = defineMessages({
  'em.counter_back': {
    zh: '「{field}」不能小于当前值 {old}（计数不能倒退）',
    en: '"{field}" cannot go below its current {old} (a counter never runs backwards)',
  },
  'em.repair_action': {
    zh: '当前维修状态为「{status}」，不能执行「{action}」',
    en: 'The repair is "{status}": "{action}" is not possible now',
  },
  'em.repair_needs': {
    zh: '完工前请填写故障类型和解决方法',
    en: 'Fill in the fault type and the solution before finishing',
  },
  'em.only_requester': {
    zh: '只有报修人 {name} 可以验收',
    en: 'Only the requester, {name}, may accept the repair',
  },
  'em.repair_locked': {
    zh: '维修已完工，不能再修改；如需修改请由报修人退回',
    en: 'The repair is finished and cannot be changed; the requester may send it back',
  },
  'em.repair_by_request': {
    zh: '维修单由报修单受理生成',
    en: 'A repair is made by accepting a repair request',
  },
  'em.down_order': {
    zh: '停机结束时间不能早于开始时间',
    en: 'The downtime cannot end before it starts',
  },
  'em.rule_target': {
    zh: '请选择机台组或设备',
    en: 'Choose a machine group or a machine',
  },
  'em.parts_posted': {
    zh: '备件已出库，不能修改备件明细',
    en: 'The parts have been issued from stock; their lines cannot change',
  },
  'em.limits_order': {
    zh: '下限不能大于上限',
    en: 'The lower limit cannot be above the upper limit',
  },
  'em.check_value': {
    zh: '点检项目「{item}」需要填写{need}',
    en: 'Check item "{item}" needs {need}',
  },
  'em.auto_symptom_check': { zh: '点检不合格：{items}', en: 'Spot check failed: {items}' },
  'em.auto_symptom_patrol': { zh: '巡检发现：{finding}', en: 'Patrol finding: {finding}' },
});
