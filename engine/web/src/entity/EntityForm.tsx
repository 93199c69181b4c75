import { type EntityDef, refShown, STATE } from '@mes/model';
import { Alert, Button, Col, ConfigProvider, Flex, Form, Row as GridRow, Space } from 'antd';
import { type CSSProperties, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText, useLabel, useLang } from '../i18n';
import { useCustomFields } from '../platform/api';
import { CopyButton } from '../platform/CopyButton';
import { CustomFieldItems } from '../platform/CustomFieldItems';
import { FormHeader, FormTools } from '../platform/FormPlatform';
import { FieldControl } from './controls';
import { duplicateOf } from './duplicate';
import { errorText } from './errorText';
import { FillButton } from './FillButton';
import { announceDone, DONE_TOAST_SECONDS } from './feedback';
import type { Row } from './format';
import { formJudge } from './judge';
import { LinesEditor } from './LinesEditor';
import { LinesExcel } from './LinesExcel';
import {
  faultsNotDrawn,
  LineFaults,
  LineFaultsContext,
  LineReveal,
  listRows,
  type RevealRow,
} from './lineWindow';
import {
  computedChanges,
  dirtyCheck,
  type FormValues,
  initialValues,
  lineValues,
  schemaFor,
  toPayload,
  valueAt,
} from './payload';
import { useSaveEntity } from './queries';

export interface EntityFormProps {
  def: EntityDef;
  /** The record to edit, as `GET /{Entity}/{id}` answers it (lines included); absent to create. */
  record?: Row;
  /** Shows everything disabled and no save button (log entities, view-only access). */
  readOnly?: boolean;
  onSaved?: (record: Row) => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** Line tables a bespoke page edits its own way (a role's grants as a tree); they are left as loaded. */
  hiddenLines?: readonly string[];
  /** The menu page the form belongs to: its custom fields and tags are that page's. */
  menuId?: number;
  /** Button codes the user holds on the page (approve, print, ...); absent means all. */
  buttons?: ReadonlySet<string>;
  /** Values the page fixes (its slice, presetValues): a new record starts with them, and they are locked. */
  presets?: FormValues;
  /** A new record starts as this one (a duplicate, duplicateOf): its values, lines and reference names. */
  start?: Row;
  /** Offers 复制 on a saved record: the copy to open as a new one. */
  onDuplicate?: (copy: Row) => void;
}

export const SUCCESS_TOAST_SECONDS = DONE_TOAST_SECONDS;

/** A document past its draft is not edited (the server refuses it): its form only shows it. */
export function pastDraft(def: EntityDef, record: Row | undefined): boolean {
  return def.kind === 'document' && !!record && Number(record.State) !== STATE.DRAFT;
}

/** The one form for every entity: controls from the declaration, the server's own zod schema as validator. */
export function EntityForm({
  def,
  record,
  readOnly: viewOnly,
  onSaved,
  onCancel,
  onDirtyChange,
  hiddenLines,
  menuId,
  buttons,
  presets,
  start,
  onDuplicate,
}: EntityFormProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const lang = useLang();
  const [form] = Form.useForm<FormValues>();
  // its approval, tags, attachments and print stay at hand (FormHeader, FormTools: viewOnly)
  const readOnly = viewOnly || pastDraft(def, record);
  const mode = record ? 'update' : 'create';
  const schema = useMemo(() => schemaFor(def, mode), [def, mode]);
  // a duplicate starts from its original's values and names, and is saved as a new record
  const source = record ?? start;
  const initial = useMemo(() => initialValues(def, source, presets), [def, source, presets]);
  const save = useSaveEntity(def);
  const [formError, setFormError] = useState<string | null>(null);
  const [reveals] = useState(() => new Map<string, RevealRow>());
  const [faults] = useState(
    () => new LineFaults(form as unknown as ConstructorParameters<typeof LineFaults>[0]),
  );
  const [dirty, setDirty] = useState(false);
  // rows a fill brought (LinesDef.fill), for the names of their references until the record is saved
  const [filled, setFilled] = useState<Record<string, Row[]>>({});
  // the record read again (after an approval the server has filled in costs and amounts) shows in
  // the form, unless the user has changed something since: then their edits stay
  const shown = useRef(initial);
  useEffect(() => {
    if (shown.current === initial) return;
    shown.current = initial;
    if (!dirty) form.resetFields();
  }, [initial, dirty, form]);
  const custom = useCustomFields(def, menuId);

  // the whole record is judged once, on save, as the server will; each control by its own part (judge.ts)
  const issuesOf = () => {
    const payload = toPayload(def, form.getFieldsValue(true), mode, record);
    const r = schema.safeParse(payload);
    return { payload, issues: r.success ? [] : r.error.issues, data: r.data };
  };
  // stable across renders, so that the line tables (memo) are not drawn again when the form is
  const ruleFor = useMemo(
    () => formJudge(def, mode, record, t, () => form.getFieldsValue(true)).rule,
    [def, mode, record, t, form],
  );
  const dirtyOf = useMemo(() => dirtyCheck(def, source, presets), [def, source, presets]);
  const loaded = useMemo(
    () =>
      Object.fromEntries(
        Object.keys(def.lines).map((key): [string, Row[]] => [
          key,
          [...(Array.isArray(source?.[key]) ? (source[key] as Row[]) : []), ...(filled[key] ?? [])],
        ]),
      ),
    [def, source, filled],
  );

  const submit = async () => {
    if (save.isPending) return;
    setFormError(null);
    // antd's own pass over every control draws each line cell twice (validating, then its result),
    // and so does checking a line table by its name (its cells go with it): a 146-line stocktake
    // took 5 s before its request left. The controls outside line tables are checked by their rules;
    // the lines in one pass over the whole record, and only the tables and cells at fault are drawn
    const controls = form.getFieldsError().map((f) => f.name);
    const outsideLines = controls.filter((n) => n.length === 1 && !(String(n[0]) in def.lines));
    const drawn = new Set(controls.map((n) => JSON.stringify(n)));
    let first: (string | number)[] | undefined;
    try {
      await form.validateFields(outsideLines);
    } catch (e) {
      first = (e as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name;
    }
    const { payload, issues, data } = issuesOf();
    const textOf = (i: (typeof issues)[number]) => issueText(i, t, valueAt(payload, i.path));
    // shown beside a line table (too many rows) or one of its cells; what has no control of its own
    // is listed above the form, as before
    const cells = new Map<string, { name: (string | number)[]; errors: string[] }>();
    const lineFaults: [(string | number)[], string][] = [];
    for (const i of issues) {
      if (!((i.path[0] as string) in def.lines)) continue;
      const path = i.path as (string | number)[];
      const text = textOf(i);
      if (path.length === 3) lineFaults.push([path, text]);
      const key = JSON.stringify(path);
      if (drawn.has(key) && !cells.has(key)) cells.set(key, { name: path, errors: [text] });
    }
    if (cells.size) form.setFields([...cells.values()]);
    // and kept for the cells not drawn now, which take them when they are
    faults.set(lineFaults);
    first ??= [...cells.values()][0]?.name;
    // a long table draws only the rows in view: its rows at fault are named, and the first shown
    const hidden = faultsNotDrawn(issues, (key) => key in def.lines, drawn);
    if (hidden.rows.length)
      setFormError(t('form.linesAtFault', { rows: listRows(hidden.rows, t('form.rowSeparator')) }));
    if (!first && hidden.first) {
      const at = hidden.first.path as (string | number)[];
      const reveal = reveals.get(String(at[0]));
      if (reveal) {
        await reveal(at[1] as number);
        form.setFields([{ name: at, errors: [textOf(hidden.first)] }]);
        first = at;
      }
    }
    if (first) {
      form.scrollToField(first);
      return;
    }
    if (hidden.rows.length) return;
    if (issues.length || !data) {
      setFormError(issues.map(textOf).join('; '));
      return;
    }
    if (mode === 'update' && Object.keys(data).length <= 2) {
      announceDone(t, 'save', def, record);
      onSaved?.(record ?? {});
      return;
    }
    // mutateAsync rather than mutate's callbacks: those are dropped when the caller re-renders the form.
    let env: Awaited<ReturnType<typeof save.mutateAsync>>;
    try {
      env = await save.mutateAsync({ mode, body: data as Record<string, unknown> });
    } catch (e) {
      setFormError(errorText(e, t));
      return;
    }
    // what was done to which document, in words: 已保存 IV2026110055
    announceDone(t, mode === 'create' ? 'create' : 'save', def, env.Data);
    setDirty(false);
    onDirtyChange?.(false);
    onSaved?.(env.Data);
  };

  const followValues = (values: FormValues) => {
    // amounts and totals follow as the user types, as the server will compute them on save;
    // setting them does not call this again, and they never count as the user's changes
    for (const [path, v] of computedChanges(def, values)) form.setFieldValue(path, v);
    const d = dirtyOf(values);
    if (d !== dirty) {
      setDirty(d);
      onDirtyChange?.(d);
    }
  };
  const onValuesChange = () => followValues(form.getFieldsValue(true));

  // a fill sets the rows itself, which antd does not report as a change: amounts, totals and the
  // dirty state follow as they do after typing
  const fillLines = (key: string, rows: Row[]) => {
    faults.forget(key);
    form.setFieldValue(key, lineValues(def.lines[key].fields, rows));
    setFilled((f) => ({ ...f, [key]: rows }));
    followValues(form.getFieldsValue(true));
  };

  const holds = (button: string) => !buttons || buttons.has(button);
  // Ctrl+S (⌘S) saves, as in any desktop ERP, instead of the browser saving the page
  const saveKey = useRef(submit);
  saveKey.current = submit;
  useEffect(() => {
    if (readOnly) return;
    const h = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveKey.current();
      }
    };
    window.addEventListener('keydown', h);
    return () => window.removeEventListener('keydown', h);
  }, [readOnly]);
  // a duplicate's totals and amounts, cleared with the original's read-only fields, are worked out again
  useEffect(() => {
    if (start && !record) followValues(form.getFieldsValue(true));
  }, []);
  const fields = Object.entries(def.fields);
  // a document number can be copied, to paste into a search, a message or an e-mail
  const numberField = def.features.numbering?.field;
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={onValuesChange}
      onKeyDown={(e) => enterSaves(e, submit)}
      disabled={readOnly}
      data-testid={`entity-form-${def.name}`}
    >
      {formError && (
        <Alert
          type="error"
          showIcon
          title={formError}
          style={{ marginBottom: 16 }}
          data-testid="entity-form-error"
        />
      )}
      <LineReveal.Provider value={reveals}>
        <LineFaultsContext.Provider value={faults}>
          <ConfigProvider componentDisabled={false}>
            <FormHeader def={def} record={record} menuId={menuId} buttons={buttons} readOnly={viewOnly} />
          </ConfigProvider>
          {/* while saving, the browser's own fieldset keeps the fields from being changed: disabling the
          antd form instead drew every control again, twice, in the click (a long stocktake: seconds) */}
          <fieldset disabled={save.isPending} style={pending(save.isPending)} data-testid="entity-form-body">
            <GridRow gutter={16}>
              {fields.map(([name, f]) => (
                <Col
                  key={name}
                  // one column on a phone (antd's xs), two from a small tablet up
                  xs={24}
                  sm={f.kind === 'text' && f.multiline ? 24 : 12}
                  data-testid={`field-${name}`}
                >
                  <Form.Item
                    name={name}
                    label={
                      name === numberField && record?.[name] ? (
                        <>
                          {label(f.label)}
                          <CopyButton text={String(record[name])} testId="copy-number" />
                        </>
                      ) : (
                        label(f.label)
                      )
                    }
                    required={f.required && !f.readOnly}
                    rules={f.readOnly ? [] : [ruleFor([name])]}
                    tooltip={f.help ? label(f.help) : undefined}
                  >
                    <FieldControl
                      field={f}
                      disabled={readOnly || f.readOnly || (presets !== undefined && name in presets)}
                      refLabel={f.kind === 'ref' && source ? refShown(name, f, source, lang) : undefined}
                    />
                  </Form.Item>
                </Col>
              ))}
              {custom.data && <CustomFieldItems configs={custom.data} disabled={readOnly} />}
            </GridRow>
            {Object.entries(def.lines)
              .filter(([key]) => !hiddenLines?.includes(key))
              .map(([key, lines]) => (
                <Form.Item key={key} label={label(lines.label)}>
                  <Space wrap style={{ marginBottom: 8 }}>
                    {lines.fill && !readOnly && (
                      <FillButton fill={lines.fill} linesKey={key} onFill={(rows) => fillLines(key, rows)} />
                    )}
                    <LinesExcel
                      def={def}
                      linesKey={key}
                      canExport={holds('export')}
                      canImport={!readOnly && holds('import')}
                      onRows={(rows) => fillLines(key, rows)}
                    />
                  </Space>
                  <LinesEditor
                    name={key}
                    lines={lines}
                    disabled={readOnly}
                    ruleFor={ruleFor}
                    loaded={loaded[key]}
                  />
                </Form.Item>
              ))}
          </fieldset>
        </LineFaultsContext.Provider>
      </LineReveal.Provider>
      {/* wraps on a phone: the tools (attachments, print, …) take a line of their own */}
      <Flex justify="end" gap={8} wrap>
        <ConfigProvider componentDisabled={false}>
          <div style={{ marginRight: 'auto' }}>
            <FormTools def={def} record={record} menuId={menuId} buttons={buttons} readOnly={viewOnly} />
          </div>
        </ConfigProvider>
        {record && onDuplicate && holds('add') && (
          <Button
            disabled={false}
            title={t('form.duplicateTitle')}
            onClick={() => onDuplicate(duplicateOf(def, record))}
            data-testid="entity-form-duplicate"
          >
            {t('form.duplicate')}
          </Button>
        )}
        {/* 返回, not 关闭: an approved document's 关闭 (Complete) closes the document itself */}
        <Button onClick={onCancel} disabled={false} data-testid="entity-form-cancel">
          {readOnly ? t('common.back') : t('common.cancel')}
        </Button>
        {!readOnly && (
          <Button
            type="primary"
            title={t('form.shortcuts')}
            onClick={() => void submit()}
            loading={save.isPending}
            data-testid="entity-form-save"
          >
            {t('common.save')}
          </Button>
        )}
      </Flex>
    </Form>
  );
}

/** The form's body while a save is under way: nothing in it can be clicked or typed into. */
function pending(on: boolean): CSSProperties {
  return {
    border: 0,
    margin: 0,
    padding: 0,
    minWidth: 0,
    ...(on ? { pointerEvents: 'none', opacity: 0.6 } : {}),
  };
}

/**
 * Enter in a field saves, as a form's submit would (the browser's own submit would go through
 * antd's check of every control, see submit). Enter in a date or select picker confirms what was
 * typed there; it must not also save the form half filled (a clerk typing 2026-11-20 and Enter got
 * "the document needs a line"), nor in a multi-line text or on a button.
 */
function enterSaves(e: KeyboardEvent<HTMLFormElement>, submit: () => Promise<void>) {
  if (e.key !== 'Enter') return;
  const target = e.target as HTMLElement;
  if (target.tagName === 'TEXTAREA' || target.tagName === 'BUTTON') return;
  e.preventDefault();
  if (target.tagName === 'INPUT' && !target.closest('.ant-picker, .ant-select')) void submit();
}
