import { describe, expect, it } from 'vitest';
import { fileProblem } from './AttachmentDialog';
import type { ColumnSetting, CustomField } from './api';
import { applySettings, moveRow } from './columnSettings';
import { bitValue, enumValue, forSave, listProblem, newField, ordered, valueProblem } from './customFields';
import { percentOf } from './ExportButton';
import { sumColumn } from './listColumns';
import { actionsFor, mayPrint, stateIndex, stepStatus } from './steps';
import { rowWindow } from './virtualRows';

const col = (name: string, ser: number, p: Partial<ColumnSetting> = {}): ColumnSetting => ({
  Column_Name: name,
  Describe: name,
  Is_Visible: true,
  Is_Fixed: false,
  Allow_Hide: true,
  Ser_NO: ser,
  Width: null,
  Text_Position: 'left',
  ...p,
});

describe('column settings', () => {
  it('moves the selected row and renumbers, with the spec messages at the ends', () => {
    const rows = [col('A', 1), col('B', 2), col('C', 3)];
    expect(moveRow(rows, null, 1)).toEqual({ error: 'selectRow' });
    expect(moveRow(rows, 0, -1)).toEqual({ error: 'firstRow' });
    expect(moveRow(rows, 2, 1)).toEqual({ error: 'lastRow' });
    const r = moveRow(rows, 2, -1);
    if ('error' in r) throw new Error(r.error);
    expect(r.rows.map((x) => [x.Column_Name, x.Ser_NO])).toEqual([
      ['A', 1],
      ['C', 2],
      ['B', 3],
    ]);
    expect(r.index).toBe(1);
  });

  it('applies order, visibility, caption, width, alignment and fixing', () => {
    const base = new Map([
      ['A', { key: 'A', title: 'a' }],
      ['B', { key: 'B', title: 'b' }],
      ['C', { key: 'C', title: 'c' }],
    ]);
    const out = applySettings(
      base,
      [
        col('A', 3),
        col('B', 1, { Describe: 'Bee', Width: 120, Text_Position: 'right', Is_Fixed: true }),
        col('C', 2, { Is_Visible: false }),
      ],
      ['A'],
    );
    expect(out.map((c) => c.key)).toEqual(['B', 'A']);
    expect(out[0]).toMatchObject({ title: 'Bee', width: 120, align: 'right', fixed: 'left' });
    expect(out[1]).toMatchObject({ title: 'A', width: undefined, fixed: undefined });
    // without settings the declared list columns
    expect(applySettings(base, undefined, ['C', 'A']).map((c) => c.key)).toEqual(['C', 'A']);
  });
});

const field = (n: number, p: Partial<CustomField> = {}): CustomField => ({
  Menu_ID: 5,
  Table_Name: 'Material',
  Column_Name: `Extension_Field${n}`,
  Describe: `F${n}`,
  Data_Type: 'string',
  Is_Column: false,
  Extend_Type: 1,
  Width: 1,
  Mandatory: false,
  enumOptionList: [],
  ...p,
});

describe('custom fields', () => {
  it('takes the first unused column, type string, width 1, and stops at six', () => {
    const f = newField([field(1), field(3)], 'Material', 5, 2);
    expect(f).toMatchObject({
      Column_Name: 'Extension_Field2',
      Data_Type: 'string',
      Width: 1,
      Extend_Type: 2,
    });
    expect(
      newField(
        [1, 2, 3, 4, 5, 6].map((n) => field(n)),
        'Material',
        5,
        1,
      ),
    ).toBeNull();
  });

  it('saves Sort as position-length in screen order, trimmed names and enum options', () => {
    const out = forSave(
      [
        field(2, {
          Width: 3,
          Describe: ' 颜色 ',
          Data_Type: 'enum',
          enumOptionList: [{ Enum_Name: ' 红 ' }, { Enum_Name: '' }],
        }),
        field(1, { Width: 9 }),
      ],
      2,
    );
    expect(out.map((c) => [c.Column_Name, c.Sort, c.Width, c.Extend_Type])).toEqual([
      ['Extension_Field2', '1-3', 3, 2],
      ['Extension_Field1', '2-4', 4, 2],
    ]);
    expect(out[0].Describe).toBe('颜色');
    expect(out[0].enumOptionList).toEqual([{ Enum_Name: '红' }]);
    expect(ordered([field(1, { Sort: '2-1' }), field(2, { Sort: '1-1' })]).map((c) => c.Column_Name)).toEqual(
      ['Extension_Field2', 'Extension_Field1'],
    );
  });

  it('requires a name and enum options', () => {
    expect(listProblem([field(1), field(2, { Describe: ' ' })])).toEqual({ key: 'custom_describe', row: 2 });
    expect(listProblem([field(1, { Data_Type: 'enum' })])).toEqual({ key: 'custom_enum', row: 1 });
    expect(listProblem([field(1)])).toBeNull();
  });

  it('reads values as the editors do', () => {
    expect(bitValue('true')).toBe(true);
    expect(bitValue('TRUE')).toBe(false);
    expect(bitValue(true)).toBe(false);
    const e = { enumOptionList: [{ Enum_Name: '红' }] };
    expect(enumValue(e, '红')).toBe('红');
    expect(enumValue(e, '蓝')).toBeNull();
    expect(valueProblem({ Data_Type: 'int', Mandatory: false }, '1.5')).toBe('badInt');
    expect(valueProblem({ Data_Type: 'int', Mandatory: false }, '-12')).toBeNull();
    expect(valueProblem({ Data_Type: 'decimal', Mandatory: false }, '12.5x')).toBe('badDecimal');
    expect(valueProblem({ Data_Type: 'string', Mandatory: true }, '  ')).toBe('required');
    expect(valueProblem({ Data_Type: 'string', Mandatory: false }, '')).toBeNull();
  });
});

describe('lists', () => {
  it('sums decimal text exactly and skips blanks', () => {
    const rows = [{ P: '0.10' }, { P: '0.20' }, { P: null }, { P: '1234567.005' }, { P: 3 }];
    expect(sumColumn(rows, 'P')).toBe('1234570.305');
    expect(sumColumn([{ P: null }], 'P')).toBeNull();
  });
});

describe('approval and print', () => {
  it('marks steps complete, underway or pending', () => {
    expect([0, 1, 2, 3].map((v) => stepStatus(stateIndex(2), v))).toEqual([
      'finish',
      'process',
      'wait',
      'wait',
    ]);
    expect(stateIndex(0)).toBe(-1);
  });

  it('offers the actions of the state that the user holds', () => {
    const all = () => true;
    expect(actionsFor(1, all)).toEqual(['Approve', 'Rejected']);
    expect(actionsFor(2, (b) => b !== 'reject')).toEqual(['Approve']);
    expect(actionsFor(3, all)).toEqual(['UnApprove', 'Complete']);
    expect(actionsFor(9, all)).toEqual([]);
    expect(mayPrint(true, 1)).toBe(true);
    expect(mayPrint(true, 0)).toBe(false);
    expect(mayPrint(true, 3)).toBe(true);
    expect(mayPrint(false, undefined)).toBe(true);
  });
});

describe('attachments', () => {
  it('refuses other types and oversize files before sending, in any letter case', () => {
    expect(fileProblem({ name: 'a.EXE', size: 10 })).toBe('badType');
    expect(fileProblem({ name: 'photo.JPG', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'big.pdf', size: 21 * 1024 * 1024 })).toBe('tooLarge');
  });
});

describe('export percentage and the virtual window', () => {
  it('makes a percentage of the rows written, whole and never past 100', () => {
    expect(percentOf({ Total: 1234, Written: 500, Done: false })).toBe(40);
    expect(percentOf({ Total: 1234, Written: 1234, Done: false })).toBe(100);
    expect(percentOf({ Total: 0, Written: 0, Done: false })).toBe(0);
    expect(percentOf({ Total: 0, Written: 0, Done: true })).toBe(100);
  });

  it('renders the rows in view and 5 more on each side, 50 px each', () => {
    expect(rowWindow(0, 150)).toEqual({ start: 0, end: 17, top: 0, bottom: 133 * 50 });
    expect(rowWindow(1000, 150)).toEqual({ start: 15, end: 37, top: 750, bottom: 113 * 50 });
    expect(rowWindow(99_999, 150)).toEqual({ start: 144, end: 150, top: 144 * 50, bottom: 0 });
    expect(rowWindow(0, 3)).toEqual({ start: 0, end: 3, top: 0, bottom: 0 });
  });
});
