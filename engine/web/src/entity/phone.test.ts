import { defineEntity, text } from '@mes/model';
import type { ColumnType } from 'antd/es/table';
import { describe, expect, it } from 'vitest';
import type { Row } from './format';
import { isPhoneWidth, phoneKeyColumns, splitForPhone } from './phone';

const doc = defineEntity({
  name: 'Doc',
  label: { zh: '单据', en: 'Document' },
  kind: 'document',
  fields: {
    Doc_NO: text({ zh: '单号', en: 'No.' }, { max: 20, unique: true }),
    Title: text({ zh: '标题', en: 'Title' }, { max: 50 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 50 }),
  },
  display: 'Title',
});
const col = (key: string): ColumnType<Row> => ({ key, title: key, dataIndex: key });

describe('lists on a phone', () => {
  it('counts 390 px as a phone and a tablet not', () => {
    expect(isPhoneWidth(390)).toBe(true);
    expect(isPhoneWidth(768)).toBe(false);
  });

  it('keep number, name, state and actions in the row and fold the rest, without the serial number', () => {
    const columns = ['_serial', 'Doc_NO', 'Title', 'Remark', 'Tag_Value', 'State', '_actions'].map(col);
    columns[6] = { ...columns[6], fixed: 'right', width: 160 };
    const { shown, rest } = splitForPhone(columns, phoneKeyColumns(doc));
    expect(shown.map((c) => c.key)).toEqual(['Doc_NO', 'Title', 'State', '_actions']);
    // the actions column no longer takes a fixed 160 px on the right of a 390 px screen
    expect(shown[3]).toMatchObject({ fixed: undefined, width: undefined });
    expect(rest.map((c) => c.key)).toEqual(['Remark', 'Tag_Value']);
  });

  it('keeps the first column when the user hid every key column', () => {
    const { shown, rest } = splitForPhone(
      ['_serial', 'Remark', 'Tag_Value', '_actions'].map(col),
      phoneKeyColumns(doc),
    );
    expect(shown.map((c) => c.key)).toEqual(['Remark', '_actions']);
    expect(rest.map((c) => c.key)).toEqual(['Tag_Value']);
  });
});
