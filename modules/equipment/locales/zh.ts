/** The Equipment pages' texts in Chinese; en.ts is typed against it. */
export const zh = {
  actions: {
    Accept: '受理',
    Start: '开始维修',
    Finish: '完工',
    Confirm: '验收',
    Reopen: '退回',
    Cancel: '取消报修',
    done: '{action}：操作成功',
  },
  warnings: {
    title: '关键备件低于最低库存',
    none: '关键备件库存均不低于最低库存',
    machine: '设备',
    part: '备件',
    onHand: '现有库存',
    min: '最低库存',
  },
  history: {
    title: '维修保养记录',
    pick: '选择设备',
    when: '时间',
    kind: '类别',
    what: '内容',
    kinds: { status: '状态变更', request: '报修', repair: '维修', maintain: '保养', check: '点检' },
    empty: '该设备暂无记录',
  },
  figures: {
    title: '设备可靠性指标',
    from: '开始',
    to: '结束',
    by: '统计维度',
    byMachine: '按设备',
    byFault: '按故障类型',
    name: '名称',
    failures: '故障次数',
    down: '停机小时',
    mtbf: 'MTBF(小时)',
    mttr: 'MTTR(小时)',
    availability: '可用率%',
  },
  suggest: { title: '相关维修经验', none: '暂无相关维修经验', placeholder: '输入故障现象，查找相关维修经验' },
  plans: { generate: '立即生成保养计划', generated: '新生成 {n} 条保养计划' },
};

export type Texts = typeof zh;
