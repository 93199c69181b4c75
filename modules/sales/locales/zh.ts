/** The sales pages' texts in Chinese; en.ts is typed against it. */
export const zh = {
  opportunity: {
    deal: '成交',
    dealConfirm: '成交并生成销售订单？',
    dealDone: '已生成销售订单 {{no}}',
  },
};

export type Texts = typeof zh;
