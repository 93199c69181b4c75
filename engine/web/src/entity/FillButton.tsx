import { DownloadOutlined } from '@ant-design/icons';
import type { FillDef } from '@mes/model';
import { Button, Form, Modal, message } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../i18n';
import { useApi } from './context';
import { errorText } from './errorText';
import type { Row } from './format';
import type { FormValues } from './payload';

export interface FillButtonProps {
  fill: FillDef;
  /** The line table it fills (`Lines`), whose rows it replaces. */
  linesKey: string;
  /** Takes the rows the server proposed, in wire shape with the display names of their references. */
  onFill: (rows: Row[]) => void;
}

/** A header value as the declaration states it: the form may hold `4` where the declaration says 4 or '4'. */
function sameValue(a: unknown, b: unknown): boolean {
  return (
    a === b || (a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b))
  );
}

/** Whether the header's values are those the declaration fills for (`when`). */
export function fillApplies(fill: FillDef, values: FormValues): boolean {
  return Object.entries(fill.when ?? {}).every(([k, v]) => sameValue(values[k], v));
}

/** The query of the fill: the declared header fields that are filled; the server says what is missing. */
export function fillQuery(fill: FillDef, values: FormValues): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  for (const n of fill.params) {
    const v = values[n];
    if (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '')) q[n] = v;
  }
  return q;
}

/**
 * Puts rows the server proposed (a fill, an Excel sheet) in place of a line table's rows: lines
 * already typed are replaced only when the user agrees, so that a count of hundreds of lines is not
 * lost to a stray click.
 */
export function useReplaceRows(linesKey: string, onRows: (rows: Row[]) => void) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<FormValues>();
  const [modal, holder] = Modal.useModal();
  const replace = (rows: Row[], done: string, asking: (present: number) => string) => {
    const now = form.getFieldValue(linesKey) as unknown;
    const present = Array.isArray(now) ? now.length : 0;
    const apply = () => {
      onRows(rows);
      void message.success(done);
    };
    if (!present) return apply();
    modal.confirm({
      title: t('form.fillReplaceTitle'),
      content: asking(present),
      okText: t('form.fillReplace'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': `fill-${linesKey}-confirm` },
      onOk: apply,
    });
  };
  return { replace, holder };
}

/**
 * Fills a line table from the server (a stocktake from the stock on hand, LinesDef.fill), shown only
 * while the header asks for it.
 */
export function FillButton({ fill, linesKey, onFill }: FillButtonProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const api = useApi();
  const form = Form.useFormInstance<FormValues>();
  const { replace, holder } = useReplaceRows(linesKey, onFill);
  const [busy, setBusy] = useState(false);
  const pick = useCallback(
    (v: FormValues | undefined) =>
      Object.fromEntries(
        [...Object.keys(fill.when ?? {}), ...fill.params].map((n): [string, unknown] => [n, v?.[n] ?? null]),
      ),
    [fill],
  );
  const header = Form.useWatch(pick, { form, preserve: true }) ?? {};
  if (!fillApplies(fill, header)) return null;

  const run = async () => {
    const values = form.getFieldsValue(true) as FormValues;
    setBusy(true);
    let rows: Row[];
    try {
      rows = (await api.get<Row[]>(fill.path, fillQuery(fill, values))).Data ?? [];
    } catch (e) {
      // a refusal (no warehouse chosen) was shown by the client in the user's language
      const text = errorText(e, t);
      if (text) void message.error(text);
      return;
    } finally {
      setBusy(false);
    }
    if (!rows.length) {
      void message.info(t('form.fillNone'));
      return;
    }
    replace(rows, t('form.filled', { n: rows.length }), (m) =>
      t('form.fillReplaceContent', { n: rows.length, m }),
    );
  };

  return (
    <>
      {holder}
      <Button icon={<DownloadOutlined />} loading={busy} onClick={run} data-testid={`fill-${linesKey}`}>
        {label(fill.label)}
      </Button>
    </>
  );
}
