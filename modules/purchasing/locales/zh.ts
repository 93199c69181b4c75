/** The purchasing pages' texts in Chinese; en.ts is typed against it. */
export const zh = {
  request: {
    fromSafety: '按低于安全库存生成',
    fromPlan: '按生产计划缺料生成',
    make: '生成采购申请',
    pickPlan: '选择生产计划',
    made: '已生成采购申请 {{no}}',
  },
  col: {
    materialNumber: '物料编码',
    materialName: '物料名称',
    safety: '安全库存',
    onHand: '现存量',
    shortfall: '缺口',
  },
};

export type Texts = typeof zh;
