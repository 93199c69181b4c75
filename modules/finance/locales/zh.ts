/** The Finance pages' texts in Chinese; en.ts is typed against it. */
export const zh = {
  ledger: { balance: '余额' },
};

export type Texts = typeof zh;
