/** The Projects pages' texts in Chinese; en.ts is typed against it. */
export const zh = {
  items: { intro: '每个条目一个编码，编码保存为大写。' },
};

export type Texts = typeof zh;
