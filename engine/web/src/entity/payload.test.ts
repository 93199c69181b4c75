import { describe, expect, it } from 'vitest';
import { widget } from '../test/fixtures';
import { initialValues, isDirty, schemaFor, toPayload } from './payload';

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
});
