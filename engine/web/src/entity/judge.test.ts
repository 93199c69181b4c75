import { decimal, defineEntity, enumOf, options, ref, text } from '@mes/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, issueText } from '../i18n';
import type { Row } from './format';
import { formJudge } from './judge';
import {
  type FormValues,
  initialValues,
  type Mode,
  samePath,
  schemaFor,
  toPayload,
  valueAt,
} from './payload';

beforeAll(() => {
  initI18n('zh');
});

const l = (zh: string, en: string) => ({ zh, en });
const doc = defineEntity({
  name: 'Tally',
  label: l('盘点', 'Tally'),
  kind: 'document',
  fields: {
    Doc_Type: enumOf(l('类型', 'Type'), options([1, '入库', 'Receipt'], [4, '盘点', 'Stocktake']), {
      required: true,
    }),
    Note: text(l('备注', 'Note'), { max: 5 }),
    Total_Qty: decimal(l('总数量', 'Total qty'), { readOnly: true, compute: { sum: ['Lines', 'Qty'] } }),
  },
  lines: {
    Lines: {
      label: l('明细', 'Lines'),
      maxRows: 4,
      fields: {
        Gadget_ID: ref(l('器件', 'Gadget'), 'Gadget', 'Gadget_Name', { required: true }),
        Qty: decimal(l('数量', 'Qty'), { required: true, min: '0' }),
        Unit_Price: decimal(l('单价', 'Price'), { scale: 2 }),
        Remark: text(l('说明', 'Remark'), { max: 4 }),
      },
    },
  },
  display: 'Doc_Type',
});

/** The verdict as the form gave it before: the whole record judged, the issue at the path taken. */
function wholeRecord(values: FormValues, mode: Mode, record: Row | undefined, path: (string | number)[]) {
  const payload = toPayload(doc, values, mode, record);
  const r = schemaFor(doc, mode).safeParse(payload);
  const issue = r.success ? undefined : r.error.issues.find((i) => samePath(i.path, path));
  return issue && issueText(issue, i18n.t, valueAt(payload, path));
}

const paths = (rows: number) => [
  ['Doc_Type'],
  ['Note'],
  ['Lines'],
  ...Array.from({ length: rows }, (_, i) =>
    ['Gadget_ID', 'Qty', 'Unit_Price', 'Remark'].map((c) => ['Lines', i, c]),
  ).flat(),
];

const wrong: FormValues = {
  Doc_Type: null,
  Note: 'too long',
  Lines: [
    { Gadget_ID: null, Qty: '', Unit_Price: '1.234', Remark: 'ok' },
    { Gadget_ID: 3, Qty: '-1', Unit_Price: 'x', Remark: 'longer' },
    { Gadget_ID: 4, Qty: '2', Unit_Price: '', Remark: '' },
    { Gadget_ID: 5, Qty: '1.', Unit_Price: '3', Remark: null },
  ],
};

describe('formJudge', () => {
  it('gives every control the verdict the whole record gave it, row by row', () => {
    const judge = formJudge(doc, 'create', undefined, i18n.t, () => wrong);
    const verdicts = paths(4).map((p) => [p.join('.'), judge.judge(wrong, p)]);
    expect(verdicts).toEqual(paths(4).map((p) => [p.join('.'), wholeRecord(wrong, 'create', undefined, p)]));
    expect(judge.judge(wrong, ['Lines', 0, 'Qty'])).toBe(i18n.t('validation.required'));
    expect(judge.judge(wrong, ['Lines', 2, 'Qty'])).toBeUndefined();
  });

  it('says a table has too many rows, and then nothing of its rows, as zod judges none', () => {
    const lines = [
      ...(wrong.Lines as FormValues[]),
      { Gadget_ID: null, Qty: '', Unit_Price: '', Remark: '' },
    ];
    const many = { ...wrong, Lines: lines };
    const judge = formJudge(doc, 'create', undefined, i18n.t, () => many);
    for (const p of paths(5))
      expect(judge.judge(many, p), p.join('.')).toBe(wholeRecord(many, 'create', undefined, p));
    expect(judge.judge(many, ['Lines'])).toBe(i18n.t('validation.tooManyRows', { max: 4 }));
    expect(judge.judge(many, ['Lines', 0, 'Qty'])).toBeUndefined();
  });

  it("leaves an update's untouched lines unjudged, as they are not sent, and judges them once changed", () => {
    const record: Row = { ID: 1, Version: 2, State: 1, Doc_Type: 4, Note: null, Lines: wrong.Lines as Row[] };
    const values = initialValues(doc, record);
    const judge = formJudge(doc, 'update', record, i18n.t, () => values);
    for (const p of paths(4))
      expect(judge.judge(values, p), p.join('.')).toBe(wholeRecord(values, 'update', record, p));
    expect(judge.judge(values, ['Lines', 0, 'Qty'])).toBeUndefined();
    const lines = (values.Lines as FormValues[]).map((r, i) => (i === 2 ? { ...r, Qty: '3' } : r));
    const changed = { ...values, Lines: lines };
    for (const p of paths(4))
      expect(judge.judge(changed, p), p.join('.')).toBe(wholeRecord(changed, 'update', record, p));
    expect(judge.judge(changed, ['Lines', 0, 'Qty'])).toBe(i18n.t('validation.required'));
  });

  it("throws the verdict from its antd rule, on the form's values of the moment", async () => {
    let values: FormValues = wrong;
    const judge = formJudge(doc, 'create', undefined, i18n.t, () => values);
    await expect(judge.rule(['Lines', 1, 'Remark']).validator({}, 'longer')).rejects.toThrow(
      i18n.t('validation.tooLong', { max: 4 }),
    );
    values = { ...wrong, Lines: [{ Gadget_ID: 1, Qty: '1', Unit_Price: '', Remark: '' }] };
    await expect(judge.rule(['Lines', 0, 'Remark']).validator({}, '')).resolves.toBeUndefined();
    await expect(judge.rule(['Lines']).validator({}, undefined)).resolves.toBeUndefined();
  });
});
