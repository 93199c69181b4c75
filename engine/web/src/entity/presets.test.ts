import { bool, defineEntity, enumOf, int, options, ref, text } from '@mes/model';
import { describe, expect, it } from 'vitest';
import { initialValues, isDirty } from './payload';
import { presetValues } from './presets';

const l = (s: string) => ({ zh: s, en: s });
const doc = defineEntity({
  name: 'Slip',
  label: l('Slip'),
  kind: 'master',
  fields: {
    Slip_Type: enumOf(l('Type'), options([1, '入', 'In'], [5, '废', 'Scrap']), { required: true }),
    Owner_ID: ref(l('Owner'), 'Slip', 'Note'),
    Urgent: bool(l('Urgent')),
    Note: text(l('Note')),
    Seq: int(l('Seq'), { readOnly: true }),
  },
  display: 'Note',
});

describe('a page’s fixed filters as the new record’s presets', () => {
  it('takes equality on editable fields, as the form holds them', () => {
    expect(
      presetValues(doc, { Slip_Type: 5, Owner_ID: '7', Urgent: 'true', Note: 'x', Seq: 3, Slip_Type__ne: 1 }),
    ).toEqual({ Slip_Type: 5, Owner_ID: 7, Urgent: true, Note: 'x' });
    expect(presetValues(doc, { Unknown: 1, Seq: 2 })).toBeUndefined();
    expect(presetValues(doc, undefined)).toBeUndefined();
  });

  it('a new record starts with them and is not dirty for it; an existing one keeps its values', () => {
    const presets = presetValues(doc, { Slip_Type: 5 });
    const values = initialValues(doc, undefined, presets);
    expect(values.Slip_Type).toBe(5);
    expect(isDirty(doc, values, undefined, presets)).toBe(false);
    expect(isDirty(doc, { ...values, Note: 'n' }, undefined, presets)).toBe(true);
    expect(initialValues(doc, { Slip_Type: 1 }, presets).Slip_Type).toBe(1);
  });
});
