import { describe, expect, it } from 'vitest';
import { configProblem, customValue, nextFreeColumn, parseBindUrl } from './customFields';

const f = (n: number, extra = {}) => ({
  Column_Name: `Extension_Field${n}`,
  Describe: `F${n}`,
  Data_Type: 'string',
  ...extra,
});

describe('custom field rules', () => {
  it('takes the first unused column and stops at six', () => {
    expect(nextFreeColumn([])).toBe('Extension_Field1');
    expect(nextFreeColumn([f(1), f(3)])).toBe('Extension_Field2');
    expect(nextFreeColumn([1, 2, 3, 4, 5, 6].map((n) => f(n)))).toBeNull();
    expect(configProblem([1, 2, 3, 4, 5, 6, 6].map((n) => f(n)))?.key).toBe('custom_too_many');
  });
  it('checks each configuration', () => {
    expect(configProblem([f(1), f(2)])).toBeNull();
    expect(configProblem([f(1), f(1)])?.key).toBe('custom_column_twice');
    expect(configProblem([f(7)])?.key).toBe('custom_column');
    expect(configProblem([f(1, { Describe: '  ' })])?.key).toBe('custom_describe');
    expect(configProblem([f(1, { Data_Type: 'float' })])?.key).toBe('custom_type');
    expect(configProblem([f(1, { Width: 5 })])?.key).toBe('custom_width');
    expect(configProblem([f(1, { Sort: '3' })])?.key).toBe('custom_sort');
    expect(configProblem([f(1, { Sort: '3-2', Width: 2 })])).toBeNull();
    expect(configProblem([f(1, { Data_Type: 'enum', enumOptionList: [] })])?.key).toBe('custom_enum');
    expect(configProblem([f(1, { Data_Type: 'enum', Bind_Url: '/Unit' })])).toBeNull();
    expect(configProblem([f(1, { Data_Type: 'string', Bind_Url: '/Unit' })])?.key).toBe('custom_bind_url');
    expect(configProblem([f(1, { Data_Type: 'enum', Bind_Url: 'https://x.io/a' })])?.key).toBe(
      'custom_bind_url',
    );
  });
  it('takes a Bind_Url only as one of our list routes with its filters', () => {
    expect(parseBindUrl('/Unit')).toEqual({ entity: 'Unit', query: {} });
    expect(parseBindUrl(' /Material?Material_Type=2&KeyWord=%E9%92%A2 ')).toEqual({
      entity: 'Material',
      query: { Material_Type: '2', KeyWord: '钢' },
    });
    for (const bad of [
      'http://evil.example/Unit',
      '//evil.example/Unit',
      'Unit',
      '/Unit/1',
      '/../etc/passwd',
      '/Unit#x',
      '/Unit?a=1&a=2',
      '/Unit\\x',
      'javascript:alert(1)',
      '',
    ])
      expect(parseBindUrl(bad), bad).toBeNull();
  });
  it('checks and normalises values by type', () => {
    expect(customValue(f(1, { Data_Type: 'bit' }), 'true')).toEqual({ value: 'true' });
    expect(customValue(f(1, { Data_Type: 'bit' }), 'TRUE')).toEqual({ value: 'false' });
    expect(customValue(f(1, { Data_Type: 'int' }), '1.5')).toEqual({ error: 'r_not_int' });
    expect(customValue(f(1, { Data_Type: 'decimal' }), '001.50')).toEqual({ value: '1.5' });
    expect(customValue(f(1, { Data_Type: 'date' }), '2026/1/2')).toEqual({ value: '2026-01-02' });
    expect(customValue(f(1, { Data_Type: 'date' }), '2026-02-30')).toEqual({ error: 'date_invalid' });
    const e = f(1, { Data_Type: 'enum', enumOptionList: [{ Enum_Name: '甲' }] });
    expect(customValue(e, '甲')).toEqual({ value: '甲' });
    expect(customValue(e, '乙')).toEqual({ error: 'r_value' });
    expect(customValue(f(1, { Mandatory: true }), ' ')).toEqual({ error: 'r_required' });
    expect(customValue(f(1), '')).toEqual({ value: null });
  });
});
