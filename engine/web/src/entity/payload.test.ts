import { date, datetime, decimal, defineEntity } from '@mes/model';
import { both, pricedLines } from '@mes/model/testing';
import { describe, expect, it } from 'vitest';
import { widget } from '../test/fixtures';
import { setCompanyTimeZone } from './format';
import {
  computedChanges,
  initialValues,
  isDirty,
  localToday,
  newLine,
  schemaFor,
  thisMinute,
  toPayload,
} from './payload';

const l = both;
const doc = defineEntity({
  name: 'Doc',
  label: l('Doc'),
  kind: 'document',
  fields: {
    Doc_Date: date(l('Date'), { required: true, default: 'today' }),
    Total_Amount: decimal(l('Total'), { scale: 2, readOnly: true, compute: { sum: ['Lines', 'Amount'] } }),
  },
  lines: pricedLines({ Due: date(l('Due'), { default: 'today' }) }),
  display: 'Doc_Date',
});

const record = {
  ID: 7,
  Version: 4,
  Code: 'W-7',
  EMail: null,
  Kind: 1,
  Price: '10.00',
  Qty: 3,
  Active: true,
  Made_On: '2024-01-02',
  Category_ID: 9,
  Serial: 'S-1',
  Parts: [{ ID: 70, Part_Name: 'bolt', Part_Qty: 2 }],
};

describe('payload', () => {
  it('starts a new record from declared defaults, with empty inputs', () => {
    expect(initialValues(widget)).toMatchObject({
      Code: '',
      Price: '',
      Active: false,
      Kind: null,
      Parts: [],
    });
  });

  it('create sends every editable field, empties as null, never read-only ones', () => {
    const v = { ...initialValues(widget), Code: 'A', Kind: 1 };
    const p = toPayload(widget, v, 'create');
    expect(p).not.toHaveProperty('Serial');
    expect(p).toMatchObject({ Code: 'A', Kind: 1, Price: null, EMail: null });
    expect(schemaFor(widget, 'create').safeParse(p).success).toBe(true);
  });

  it('update sends key, Version and changes; lines whole and stripped of their own columns', () => {
    const v = initialValues(widget, record);
    expect(toPayload(widget, v, 'update', record)).toEqual({ ID: 7, Version: 4 });
    expect(isDirty(widget, v, record)).toBe(false);
    const changed = {
      ...v,
      Price: '',
      Parts: [...(v.Parts as object[]), { Part_Name: 'nut', Part_Qty: null }],
    };
    const p = toPayload(widget, changed, 'update', record);
    expect(p).toEqual({
      ID: 7,
      Version: 4,
      Price: null,
      Parts: [
        { Part_Name: 'bolt', Part_Qty: 2 },
        { Part_Name: 'nut', Part_Qty: null },
      ],
    });
    expect(isDirty(widget, changed, record)).toBe(true);
    expect(schemaFor(widget, 'update').safeParse(p).success).toBe(true);
  });

  it('an emptied required field fails the update schema', () => {
    const p = toPayload(widget, { ...initialValues(widget, record), Code: '  ' }, 'update', record);
    expect(p.Code).toBeNull();
    expect(schemaFor(widget, 'update').safeParse(p).success).toBe(false);
  });

  it("dates a new record's 'today' fields on the company's clock, and only new ones", () => {
    // 23:30 UTC is already the next morning in Shanghai, the company's default zone; a browser in
    // another zone dates the document as the company does
    expect(localToday(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(localToday(new Date('2026-03-31T15:59:00Z'))).toBe('2026-03-31');
    expect(localToday(new Date('2026-03-31T23:30:00Z'), 'Europe/Berlin')).toBe('2026-04-01');
    expect(localToday(new Date('2026-03-31T21:30:00Z'), 'America/New_York')).toBe('2026-03-31');
    setCompanyTimeZone('America/New_York');
    try {
      expect(localToday(new Date('2026-04-01T02:00:00Z'))).toBe('2026-03-31');
    } finally {
      setCompanyTimeZone(undefined);
    }
    expect(initialValues(doc).Doc_Date).toBe(localToday());
    expect(newLine(doc.lines.Lines.fields).Due).toBe(localToday());
    expect(initialValues(doc, { Doc_Date: '2024-05-06', Lines: [] }).Doc_Date).toBe('2024-05-06');
    expect(initialValues(widget).Made_On).toBeNull();
    expect(isDirty(doc, initialValues(doc))).toBe(false);
  });

  it("starts a new record's 'now' times at the current minute, and only new ones", () => {
    const fed = defineEntity({
      name: 'Fed',
      label: l('Fed'),
      kind: 'document',
      fields: { Feed_Time: datetime(l('Fed at'), { required: true, default: 'now' }), At: datetime(l('At')) },
      display: 'Feed_Time',
    });
    expect(thisMinute(new Date('2026-11-25T10:41:37.512Z'))).toBe('2026-11-25T10:41:00.000Z');
    const before = Date.now();
    const start = Date.parse(String(initialValues(fed).Feed_Time));
    expect(start).toBeGreaterThan(before - 60_000);
    expect(start).toBeLessThanOrEqual(Date.now());
    expect(initialValues(fed).At).toBeNull();
    expect(initialValues(fed, { ID: 1, Feed_Time: '2024-05-06T08:00:00.000Z' }).Feed_Time).toBe(
      '2024-05-06T08:00:00.000Z',
    );
  });

  it('gives the computed fields that differ from what the form shows, as the server computes them', () => {
    const v = {
      ...initialValues(doc),
      Total_Amount: '',
      Lines: [
        { Qty: '3', Unit_Price: '2.105', Amount: '' },
        { Qty: '2', Unit_Price: '', Amount: '9' },
        { Qty: '1', Unit_Price: '4', Amount: '4' },
      ],
    };
    expect(computedChanges(doc, v)).toEqual([
      [['Lines', 0, 'Amount'], '6.32'],
      [['Lines', 1, 'Amount'], ''],
      [['Total_Amount'], '10.32'],
    ]);
    // the values themselves are left alone: the form sets what it is given
    expect(v.Lines[0].Amount).toBe('');
    expect(computedChanges(doc, { ...v, Total_Amount: '4', Lines: [v.Lines[2]] })).toEqual([]);
  });
});
