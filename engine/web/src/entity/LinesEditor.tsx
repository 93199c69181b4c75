import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { displayNameOf, type FieldDef, type LinesDef, type RefField } from '@mes/model';
import { Button, Form, Table } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../i18n';
import { type ControlProps, FieldControl } from './controls';
import type { Row } from './format';
import { newLine, type ZodRule } from './payload';

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
): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [col, f] of Object.entries(fields)) {
    if (f.kind !== 'ref') continue;
    const names = new Map<string, string>();
    for (const r of rows) {
      const id = r[col];
      const name = r[displayNameOf(col, f as RefField)];
      if (id !== null && id !== undefined && name !== null && name !== undefined)
        names.set(String(id), String(name));
    }
    out.set(col, names);
  }
  return out;
}

/**
 * A line cell's control, its ref named by the id it holds: by row position the name went with the
 * wrong row once a row above was removed, or the rows were replaced by a fill.
 */
function LineControl(props: ControlProps<unknown> & { field: FieldDef; names?: Map<string, string> }) {
  const { names, ...rest } = props;
  const id = rest.value;
  return (
    <FieldControl {...rest} refLabel={id === null || id === undefined ? undefined : names?.get(String(id))} />
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
  const fields = Object.entries(lines.fields) as [string, FieldDef][];
  const names = useMemo(() => refNames(lines.fields, loaded), [lines, loaded]);
  return (
    <Form.List name={name} rules={[ruleFor([name])]}>
      {(rows, { add, remove }, { errors }) => (
        <div data-testid={`lines-${name}`}>
          <Table<{ key: number; name: number }>
            size="small"
            bordered
            pagination={false}
            rowKey="key"
            dataSource={rows.map((r) => ({ key: r.key, name: r.name }))}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: t('form.rowNo'), width: 50, align: 'center', render: (_v, _r, i) => i + 1 },
              ...fields.map(([col, f]) => ({
                key: col,
                title: label(f.label),
                render: (_v: unknown, r: { name: number }) => (
                  <div data-testid={`lines-${name}-${r.name}-${col}`}>
                    <Form.Item
                      name={[r.name, col]}
                      style={{ margin: 0, minWidth: f.kind === 'bool' ? 60 : 140 }}
                      rules={f.readOnly ? [] : [ruleFor([name, r.name, col])]}
                    >
                      <LineControl field={f} disabled={disabled || f.readOnly} names={names.get(col)} />
                    </Form.Item>
                  </div>
                ),
              })),
              ...(disabled
                ? []
                : [
                    {
                      key: '_remove',
                      width: 50,
                      align: 'center' as const,
                      render: (_v: unknown, r: { name: number }) => (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('form.removeRow')}
                          data-testid={`lines-${name}-remove-${r.name}`}
                          onClick={() => remove(r.name)}
                        />
                      ),
                    },
                  ]),
            ]}
          />
          <Form.ErrorList errors={errors} />
          {!disabled && (
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              style={{ marginTop: 8 }}
              data-testid={`lines-${name}-add`}
              onClick={() => add(newLine(lines.fields))}
            >
              {t('form.addRow')}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
});
