import { compareDecimal, type LineContextDef, subDecimal } from '@mes/model';
import { useQuery } from '@tanstack/react-query';
import { Form, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from './context';
import type { Row } from './format';
import type { FormValues } from './payload';

/** What the server knows of a line's choice (LineContextDef): decimals as text. */
export interface LineContext {
  Here?: string | null;
  Total?: string | null;
  Price?: string | null;
}

const same = (a: unknown, b: unknown) =>
  a === b || (a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b));

/** Whether the header's values are those the context shows for (`when`: any of the values listed). */
export function contextApplies(c: LineContextDef, header: FormValues | undefined): boolean {
  return Object.entries(c.when ?? {}).every(([k, vs]) => vs.some((v) => same(header?.[k], v)));
}

/** The header fields a context's `when` reads, for a form watch. */
export const contextHeader = (c: LineContextDef) => (v: FormValues | undefined) =>
  Object.fromEntries(Object.keys(c.when ?? {}).map((k): [string, unknown] => [k, v?.[k] ?? null]));

/** How much the line asks beyond what is on hand (Here, else Total), or null when it is covered. */
export function shortfall(qty: unknown, ctx: LineContext | undefined): string | null {
  const have = ctx?.Here ?? ctx?.Total;
  if (have == null || qty === null || qty === undefined || String(qty).trim() === '') return null;
  const ask = String(qty);
  if (!/^-?\d+(\.\d+)?$/.test(ask) || compareDecimal(ask, have) <= 0) return null;
  return subDecimal(ask, have);
}

/**
 * The context cell of one line: the quantity on hand at its location and in all, and the shortage
 * as a warning while the line asks more than that (before saving, not only when approving). An
 * empty price is filled from the answer's (the last cost) while the form is editable.
 */
export function LineContextCell(props: {
  def: LineContextDef;
  name: string;
  row: number;
  disabled?: boolean;
}) {
  const { def, name, row } = props;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const api = useApi();
  const form = Form.useFormInstance<FormValues>();
  const line = Form.useWatch((v: FormValues | undefined) => (v?.[name] as Row[] | undefined)?.[row], {
    form,
    preserve: true,
  });
  const params = def.params.map((p) => line?.[p] ?? null);
  const ready = params[0] !== null && params[0] !== '';
  const query: Record<string, string | number> = {};
  def.params.forEach((p, i) => {
    const v = params[i];
    if (typeof v === 'number' || (typeof v === 'string' && v !== '')) query[p] = v;
  });
  const answer = useQuery({
    queryKey: ['lineContext', def.path, ...params],
    queryFn: async () => (await api.get<LineContext>(def.path, query)).Data ?? {},
    enabled: ready,
    staleTime: 30_000,
  });
  const ctx = answer.data;
  const price = def.price ? line?.[def.price] : undefined;
  useEffect(() => {
    if (props.disabled || !def.price || !ctx?.Price) return;
    if (price === null || price === undefined || price === '')
      form.setFieldValue([name, row, def.price], ctx.Price);
  }, [ctx?.Price, price, props.disabled, def.price, form, name, row]);
  if (!ready || !ctx) return <div data-testid={`lines-${name}-${row}-context`} style={{ minWidth: 140 }} />;
  const short = def.qty ? shortfall(line?.[def.qty], ctx) : null;
  return (
    <div data-testid={`lines-${name}-${row}-context`} style={{ minWidth: 140, fontSize: token.fontSizeSM }}>
      <div>
        {ctx.Here != null
          ? t('form.lineOnHand', { here: ctx.Here, total: ctx.Total ?? '0' })
          : t('form.lineOnHandTotal', { total: ctx.Total ?? '0' })}
      </div>
      {short && (
        <div
          role="alert"
          data-testid={`lines-${name}-${row}-short`}
          style={{ color: token.colorWarningText }}
        >
          {t('form.lineShort', { n: short })}
        </div>
      )}
    </div>
  );
}
