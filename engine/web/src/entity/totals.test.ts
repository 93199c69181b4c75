import { decimal, defineEntity, type EntityDef, int, ref, text } from '@mes/model';
import { describe, expect, it } from 'vitest';
import {
  columnTotal,
  isQuantity,
  isReportQuantity,
  reportUnitSource,
  sumColumn,
  summedField,
  unitOf,
  unitSourceOf,
} from './totals';

const qty = decimal({ zh: '数量', en: 'Quantity' }, { precision: 18, scale: 4 });
const money = decimal({ zh: '金额', en: 'Amount' }, { precision: 18, scale: 2 });
const materialRef = ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name');
const unitRef = ref({ zh: '单位', en: 'Unit' }, 'Unit', 'Unit_Name');
const material = defineEntity({
  name: 'Material',
  label: { zh: '物料', en: 'Material' },
  kind: 'master',
  key: 'Material_ID',
  fields: { Material_Name: text({ zh: '名称', en: 'Name' }), Unit_ID: unitRef },
  display: 'Material_Name',
});
const known = (n: string): EntityDef | undefined => (n === 'Material' ? material : undefined);
const unknown = () => undefined;

describe('the unit of a quantity in the 合计 row', () => {
  it('is found from the declarations: own unit, else the referenced material’s, else the material itself', () => {
    expect(unitSourceOf({ Material_ID: materialRef, Unit_ID: unitRef, Qty: qty }, known)).toEqual({
      field: 'Unit_ID',
    });
    expect(unitSourceOf({ Material_ID: materialRef, Qty: qty }, known)).toEqual({
      field: 'Material_ID',
      via: { entity: material, unit: 'Unit_ID' },
    });
    expect(unitSourceOf({ Material_ID: materialRef, Qty: qty }, unknown)).toEqual({ field: 'Material_ID' });
    expect(unitSourceOf({ Doc_NO: text({ zh: '单号', en: 'No.' }), Qty: qty }, known)).toBeUndefined();
  });

  it('applies to quantities only: money and counted pieces add up whatever the row', () => {
    expect(isQuantity(qty)).toBe(true);
    expect(isQuantity(money)).toBe(false);
    expect(summedField(qty)).toEqual({ scale: 4, quantity: true });
    expect(summedField(money)).toEqual({ scale: 2, quantity: false });
    expect(summedField(int({ zh: '件数', en: 'Pieces' }, { total: true }))).toEqual({ scale: 0 });
  });

  it('gives no total for 5 kg and 3 pcs, and the sum when the page has one unit', () => {
    const byUnit = unitOf({ field: 'Unit_ID' });
    const mixed = [
      { Qty: '5', Unit_ID: 1, Amount: '10' },
      { Qty: '3', Unit_ID: 2, Amount: '6.5' },
    ];
    expect(columnTotal(mixed, 'Qty', { quantity: true }, byUnit)).toBeNull();
    expect(columnTotal(mixed, 'Amount', { scale: 2, quantity: false }, byUnit)).toBe('16.5');
    // nothing on the row tells the unit: as before, the figures add up
    expect(columnTotal(mixed, 'Qty', { quantity: true }, undefined)).toBe('8');
    const same = [
      { Qty: '5', Unit_ID: 1 },
      { Qty: '3', Unit_ID: 1 },
      // a row without a figure has nothing to add, whatever its unit
      { Qty: null, Unit_ID: 2 },
    ];
    expect(columnTotal(same, 'Qty', { quantity: true }, byUnit)).toBe('8');
    // a row of unknown unit is not taken to share the others'
    expect(columnTotal([...same, { Qty: '1', Unit_ID: null }], 'Qty', { quantity: true }, byUnit)).toBeNull();
    expect(sumColumn(mixed, 'Qty')).toBe('8');
  });

  it('reads a material’s unit from the looked-up materials; one not yet known is a unit of its own', () => {
    const source = { field: 'Material_ID', via: { entity: material, unit: 'Unit_ID' } };
    const rows = [
      { Material_ID: 3, Qty: '5' },
      { Material_ID: 4, Qty: '3' },
    ];
    expect(columnTotal(rows, 'Qty', { quantity: true }, unitOf(source))).toBeNull();
    const kg = new Map([
      ['3', '1'],
      ['4', '1'],
    ]);
    expect(columnTotal(rows, 'Qty', { quantity: true }, unitOf(source, kg))).toBe('8');
    const kgAndPcs = new Map([
      ['3', '1'],
      ['4', '2'],
    ]);
    expect(columnTotal(rows, 'Qty', { quantity: true }, unitOf(source, kgAndPcs))).toBeNull();
  });

  it('finds the unit of report rows by their keys, and report quantities by scale or name', () => {
    expect(reportUnitSource([{ Material_ID: 1, Unit_Name: 'kg' }], [material])).toEqual({
      field: 'Unit_Name',
    });
    expect(reportUnitSource([{ Material_ID: 1 }], [material])).toEqual({
      field: 'Material_ID',
      via: { entity: material, unit: 'Unit_ID' },
    });
    expect(reportUnitSource([{ Material_Number: 'A' }], [material])).toEqual({ field: 'Material_Number' });
    expect(reportUnitSource([{ Order_NO: 'A' }], [material])).toBeUndefined();
    expect(
      ['Qty', 'Good_Qty', 'Qty_1', 'Work_Minutes', 'Amount'].map((k) => isReportQuantity(k, undefined)),
    ).toEqual([true, true, true, false, false]);
    expect(isReportQuantity('Qty', 2)).toBe(false);
    expect(isReportQuantity('Shortfall', 4)).toBe(true);
  });
});
