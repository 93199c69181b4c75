import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { displayNameOf, type FieldDef, type LinesDef } from '@mes/model';
import { Button, Form, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../i18n';
import { FieldControl } from './controls';
import type { Row } from './format';
import { newLine, type ZodRule } from './payload';

export interface LinesEditorProps {
  name: string;
  lines: LinesDef;
  disabled?: boolean;
  /** The zod-backed rule for a path inside the form (the same schema as the whole record). */
  ruleFor: (path: (string | number)[]) => ZodRule;
  /** Rows as loaded, for the display values of ref cells. */
  loaded?: Row[];
}

/** Child lines as an editable table; the server replaces the whole array on save. */
export function LinesEditor({ name, lines, disabled, ruleFor, loaded }: LinesEditorProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const fields = Object.entries(lines.fields) as [string, FieldDef][];
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
                      <FieldControl
                        field={f}
                        disabled={disabled || f.readOnly}
                        refLabel={
                          f.kind === 'ref' ? (loaded?.[r.name]?.[displayNameOf(col, f)] as string) : undefined
                        }
                      />
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
}
