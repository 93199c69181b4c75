import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type BomNodeRow, buildTree } from './bomTree';

const node: BomNodeRow = {
  ID: 1,
  Parent_ID: null,
  Ser_NO: 1,
  Node_Index: '1',
  Material_ID: 5,
  Material_Number: 'RM-1',
  Material_Name: '钢板',
  Material_Type_Name: null,
  Qty: '2',
  Scrap_Rate: null,
  Unit_Name: '千克',
  Unit_Name_En: 'kg',
  Price: null,
  Amount: null,
  Design_Remark: null,
  Remark: null,
  Is_Qutsourcing: false,
  Version: 1,
};

describe('the BOM tree in the reader’s language (issue 25)', () => {
  it('names a node’s unit in English for an English reader, in Chinese otherwise', () => {
    const shown = (n: BomNodeRow, lang: 'zh' | 'en') =>
      renderToStaticMarkup(buildTree([n], lang)[0].title as ReactElement);
    const title = (lang: 'zh' | 'en') => shown(node, lang);
    expect(title('en')).toContain('× 2 kg');
    expect(title('zh')).toContain('× 2 千克');
    // no English given: the Chinese name stands
    expect(shown({ ...node, Unit_Name_En: null }, 'en')).toContain('千克');
  });
});
