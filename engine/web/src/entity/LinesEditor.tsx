import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type FieldDef,
  type Lang,
  type LineContextDef,
  type LinesDef,
  type RefField,
  refShown,
} from '@mes/model';
import { Field } from '@rc-component/form';
import { Button, Form, Table, type TableProps, theme } from 'antd';
import type { TFunction } from 'i18next';
import { memo, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel, useLang } from '../i18n';
import { RowSpacers, SpacedBody } from '../platform/virtualRows';
import { type ControlProps, FieldControl } from './controls';
import type { Row } from './format';
import { LAZY_KINDS, LazyPicker } from './LazyPicker';
import { LineFind } from './LineFind';
import { contextApplies, contextHeader, LineContextCell } from './lineContext';
import { LINE_VIEWPORT, LineFaultsContext, matchRow, useLineWindow } from './lineWindow';
import { newLine, type ZodRule } from './payload';
import { usePhone } from './phone';

export interface LinesEditorProps {
  name: string;
  lines: LinesDef;
  disabled?: boolean;
  /** The zod-backed rule for a path inside the form (the same schema as the whole record). */
  ruleFor: (path: (string | number)[]) => ZodRule;
  /** Rows as loaded (or filled from the server), for the display values of ref cells. */
  loaded?: Row[];
}

/** Display names of each reference column's ids, as the rows carry them (`Material_Name` beside `Material_ID`). */
export function refNames(
  fields: Record<string, FieldDef>,
  rows: readonly Row[] = [],
  lang: Lang = 'zh',
): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [col, f] of Object.entries(fields)) {
    if (f.kind !== 'ref') continue;
    const names = new Map<string, string>();
    for (const r of rows) {
      const id = r[col];
      const name = refShown(col, f as RefField, r, lang);
      if (id !== null && id !== undefined && name !== undefined) names.set(String(id), name);
    }
    out.set(col, names);
  }
  return out;
}

/**
 * A line cell: its control bound to the form by a bare field, its message under it. An antd Form.Item
 * per cell (label, grid, responsive observers) was half of drawing a 146-line stocktake; the id is the
 * one Form.Item would give, so that the form still scrolls to a cell at fault.
 */
function LineCell(props: {
  testId: string;
  /** the cell's path in the form, and in its line list */
  at: (string | number)[];
  path: (string | number)[];
  rules: ZodRule[];
  field: FieldDef;
  disabled?: boolean;
  names?: Map<string, string>;
}) {
  const { field, at } = props;
  const { token } = theme.useToken();
  const faults = useContext(LineFaultsContext);
  // drawn again (a windowed table's row scrolled back into view), once: the save's message comes back
  useEffect(() => faults?.restore(at), []);
  return (
    <div id={at.join('_')} data-testid={props.testId} style={{ minWidth: field.kind === 'bool' ? 60 : 140 }}>
      <Field name={props.path} rules={props.rules}>
        {(control, meta) => {
          const error = meta.errors[0];
          // checked again after an edit and passed: mended
          if (meta.validated && !error) faults?.mended(at);
          return (
            <>
              <LineControl
                value={control.value}
                onChange={control.onChange}
                field={field}
                disabled={props.disabled}
                names={props.names}
                status={error ? 'error' : undefined}
              />
              {error && (
                <div
                  className="ant-form-item-explain-error"
                  role="alert"
                  style={{ color: token.colorError, fontSize: token.fontSizeSM, whiteSpace: 'normal' }}
                >
                  {error}
                </div>
              )}
            </>
          );
        }}
      </Field>
    </div>
  );
}

/**
 * A line cell's control, its ref named by the id it holds: by row position the name went with the
 * wrong row once a row above was removed, or the rows were replaced by a fill.
 */
function LineControl(props: ControlProps<unknown> & { field: FieldDef; names?: Map<string, string> }) {
  const { names, ...rest } = props;
  const id = rest.value;
  const refLabel = id === null || id === undefined ? undefined : names?.get(String(id));
  const Control = LAZY_KINDS.has(rest.field.kind) ? LazyPicker : FieldControl;
  return <Control {...rest} refLabel={refLabel} />;
}

interface TableRow {
  key: number;
  name: number;
}

/**
 * The table's rows, the same object for a row as long as its key and position stay, so that a cell
 * is drawn again only when its own row changed (`shouldCellUpdate`): antd Form.List draws the whole
 * table on every keystroke in any cell, and a 146-line stocktake took half a second per keystroke.
 * Each cell's bare field follows its own value without the table.
 */
function useStableRows(epoch: unknown): (rows: readonly TableRow[]) => TableRow[] {
  const cache = useRef({ epoch, rows: new Map<number, TableRow>() });
  return (rows) => {
    // what the cells show besides their row changed (disabled, reference names): every cell anew
    const kept = cache.current.epoch === epoch ? cache.current.rows : new Map<number, TableRow>();
    const next = new Map<number, TableRow>();
    const out = rows.map((r) => {
      const had = kept.get(r.key);
      const row = had && had.name === r.name ? had : { key: r.key, name: r.name };
      next.set(r.key, row);
      return row;
    });
    cache.current = { epoch, rows: next };
    return out;
  };
}

const changedRow = (r: TableRow, prev: TableRow) => r !== prev;
const WINDOWED_BODY = { body: { wrapper: SpacedBody } };
/** A windowed table's header stays in view above the rows scrolling under it. */
const stickyHeader = () => ({ style: { position: 'sticky' as const, top: 0, zIndex: 2 } });
/** Widths of a windowed table's columns: with only some rows drawn, content must not set them. */
const widthOf = (f: FieldDef) => (f.kind === 'bool' ? 70 : f.kind === 'ref' ? 220 : 150);

type ColumnsOf = NonNullable<TableProps<TableRow>['columns']>;

/** The row number, a cell per field and the remove button (while editable). */
function columnsOf(
  fields: [string, FieldDef][],
  name: string,
  t: TFunction,
  label: ReturnType<typeof useLabel>,
  o: {
    disabled?: boolean;
    ruleFor: LinesEditorProps['ruleFor'];
    names: Map<string, Map<string, string>>;
    remove: (index: number) => void;
    /** the line context column (LinesDef.context), while the header asks for it */
    context?: LineContextDef;
  },
): ColumnsOf {
  const { context } = o;
  return [
    {
      title: t('form.rowNo'),
      width: 60,
      align: 'center',
      shouldCellUpdate: changedRow,
      render: (_v, r) => r.name + 1,
    },
    ...fields.map(([col, f]) => ({
      key: col,
      title: label(f.label),
      width: widthOf(f),
      shouldCellUpdate: changedRow,
      render: (_v: unknown, r: TableRow) => (
        <LineCell
          testId={`lines-${name}-${r.name}-${col}`}
          at={[name, r.name, col]}
          path={[r.name, col]}
          rules={f.readOnly ? [] : [o.ruleFor([name, r.name, col])]}
          field={f}
          disabled={o.disabled || f.readOnly}
          names={o.names.get(col)}
        />
      ),
    })),
    ...(context
      ? [
          {
            key: '_context',
            title: label(context.label),
            width: 180,
            shouldCellUpdate: changedRow,
            render: (_v: unknown, r: TableRow) => (
              <LineContextCell def={context} name={name} row={r.name} disabled={o.disabled} />
            ),
          },
        ]
      : []),
    ...(o.disabled
      ? []
      : [
          {
            key: '_remove',
            width: 50,
            align: 'center' as const,
            shouldCellUpdate: changedRow,
            render: (_v: unknown, r: TableRow) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('form.removeRow')}
                data-testid={`lines-${name}-remove-${r.name}`}
                onClick={() => o.remove(r.name)}
              />
            ),
          },
        ]),
  ];
}

/**
 * The table of a line editor. Up to WINDOW_LINES rows it draws them all and only scrolls across;
 * past that it scrolls in a box of its own, its header held in view, and draws the rows the box
 * shows (lineWindow.tsx): a 5,000-line stocktake is as quick to work in as a short one.
 */
function LinesTable(props: {
  name: string;
  rows: TableRow[];
  columns: ColumnsOf;
  errors: ReactNode[];
  onAdd?: () => void;
  addLabel: string;
  /** The row at or after `from` holding `text` (matchRow over the form's values). */
  match: (text: string, from: number) => number | undefined;
}) {
  const { name, rows, columns } = props;
  const { enabled, reveal, box, window: win, onScroll } = useLineWindow(name, rows.length);
  const phone = usePhone();
  const { token } = theme.useToken();
  // the row the last search found, marked; a search again goes on from it
  const [found, setFound] = useState<number | null>(null);
  const find = async (text: string) => {
    const row = props.match(text, found === null ? 0 : found + 1);
    setFound(row ?? null);
    if (row === undefined) return false;
    await reveal(row);
    return true;
  };
  return (
    <div data-testid={`lines-${name}`}>
      {enabled && <LineFind name={name} onFind={find} />}
      {/* scrolled by its own box, not by the table's scroll option: with it antd measured the
          whole table (a forced layout) whenever rows came or went, most of a 146-line fill */}
      <div
        ref={box}
        onScroll={enabled ? onScroll : undefined}
        data-testid={enabled ? `lines-${name}-window` : undefined}
        style={enabled ? { overflow: 'auto', maxHeight: LINE_VIEWPORT } : { overflowX: 'auto' }}
      >
        <RowSpacers value={{ top: win.top, bottom: win.bottom, span: columns.length }}>
          <Table<TableRow>
            size="small"
            bordered
            pagination={false}
            rowKey="key"
            tableLayout={enabled ? 'fixed' : undefined}
            components={enabled ? WINDOWED_BODY : undefined}
            dataSource={enabled ? rows.slice(win.start, win.end) : rows}
            onRow={(r) =>
              r.name === found ? { style: { background: token.colorWarningBg }, 'aria-current': true } : {}
            }
            columns={
              enabled
                ? columns.map((c) => ({ ...c, onHeaderCell: stickyHeader }))
                : phone
                  ? // a phone keeps each column's width and scrolls across: squeezed to 390 px no cell was readable
                    columns
                  : columns.map(({ width, ...c }) =>
                      c.key === undefined || c.key === '_remove' ? { ...c, width } : c,
                    )
            }
          />
        </RowSpacers>
      </div>
      <Form.ErrorList errors={props.errors} />
      {props.onAdd && (
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          data-testid={`lines-${name}-add`}
          onClick={props.onAdd}
        >
          {props.addLabel}
        </Button>
      )}
    </div>
  );
}

/**
 * Child lines as an editable table; the server replaces the whole array on save. Memo: the form draws
 * itself again when its dirty flag or error changes, and hundreds of rows need not follow.
 */
export const LinesEditor = memo(function LinesEditor({
  name,
  lines,
  disabled,
  ruleFor,
  loaded,
}: LinesEditorProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const lang = useLang();
  const fields = Object.entries(lines.fields) as [string, FieldDef][];
  const names = useMemo(() => refNames(lines.fields, loaded, lang), [lines, loaded, lang]);
  const form = Form.useFormInstance();
  // the context column follows the header (issues and transfers show stock on hand, receipts not)
  const pickHeader = useMemo(() => (lines.context ? contextHeader(lines.context) : () => null), [lines]);
  const header = Form.useWatch(pickHeader, { form, preserve: true });
  const context =
    lines.context && contextApplies(lines.context, header ?? undefined) ? lines.context : undefined;
  const epoch = useMemo(
    () => ({ disabled, names, ruleFor, lines, context }),
    [disabled, names, ruleFor, lines, context],
  );
  const stable = useStableRows(epoch);
  const match = (text: string, from: number) =>
    matchRow((form.getFieldValue(name) as Row[] | undefined) ?? [], fields, names, text, from);
  const faults = useContext(LineFaultsContext);
  return (
    <Form.List name={name} rules={[ruleFor([name])]}>
      {(rows, { add, remove }, { errors }) => (
        <LinesTable
          name={name}
          rows={stable(rows)}
          columns={columnsOf(fields, name, t, label, {
            disabled,
            ruleFor,
            names,
            context,
            remove: (i) => {
              faults?.forget(name);
              remove(i);
            },
          })}
          errors={errors}
          onAdd={disabled ? undefined : () => add(newLine(lines.fields))}
          addLabel={t('form.addRow')}
          match={match}
        />
      )}
    </Form.List>
  );
});
