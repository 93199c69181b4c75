/** The Finance pages' texts in Chinese; en.ts is typed against it. */
export const zh = {
  side: { receivable: '应收', payable: '应付' },
  report: {
    partner: '往来单位',
    partnerCode: '编码',
    currency: '币种',
    balance: '余额',
    baseBalance: '本位币余额',
    asOf: '截止日期',
    date: '业务日期',
    docNo: '单据编号',
    entryType: '明细类型',
    settles: '核销单据',
    dueDate: '到期日',
    increase: '增加',
    decrease: '减少',
    print: '打印',
    export: '导出 Excel',
    pickPartner: '请选择往来单位',
  },
};

export type Texts = typeof zh;
