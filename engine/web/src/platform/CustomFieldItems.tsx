import { Col, DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../entity/controls';
import { type CustomField, useBoundOptions } from './api';
import { bitValue, enumValue, ordered, QUARTER_SPAN, valueProblem } from './customFields';

/** The editor of one custom field; values stay text as they are stored in Extension_FieldN. */
export function CustomFieldControl(props: ControlProps<string | null> & { config: CustomField }) {
  const { config, value, onChange, ...rest } = props;
  const { t } = useTranslation();
  switch (config.Data_Type) {
    case 'bit':
      return (
        <Switch {...rest} checked={bitValue(value)} onChange={(v) => onChange?.(v ? 'true' : 'false')} />
      );
    case 'int':
      return (
        <InputNumber<string>
          {...rest}
          stringMode
          precision={0}
          style={{ width: '100%' }}
          value={value ?? null}
          onChange={(v) => onChange?.(v === null || v === undefined || v === '' ? null : String(v))}
        />
      );
    case 'decimal':
      return (
        <Input
          {...rest}
          inputMode="decimal"
          style={{ textAlign: 'right' }}
          value={value ?? ''}
          onChange={(e) => onChange?.(e.target.value.replace(/,/g, ''))}
        />
      );
    case 'date': {
      const d = value ? dayjs(value) : null;
      return (
        <DatePicker
          {...rest}
          style={{ width: '100%' }}
          format="YYYY-MM-DD"
          value={d?.isValid() ? d : null}
          onChange={(v) => onChange?.(v ? v.format('YYYY-MM-DD') : null)}
        />
      );
    }
    case 'enum':
      return config.Bind_Url ? (
        <BoundEnum {...props} />
      ) : (
        <Select<string>
          {...rest}
          allowClear
          placeholder={t('form.selectPlaceholder')}
          value={enumValue(config, value) ?? undefined}
          onChange={(v) => onChange?.(v ?? null)}
          options={config.enumOptionList.map((o) => ({ value: o.Enum_Name, label: o.Enum_Name }))}
        />
      );
    default:
      return (
        <Input {...rest} maxLength={500} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
      );
  }
}

/** An enum whose options come from one of our lists (Bind_Url); a stored value not among them is cleared. */
function BoundEnum(props: ControlProps<string | null> & { config: CustomField }) {
  const { config, value, onChange, ...rest } = props;
  const { t } = useTranslation();
  const options = useBoundOptions(config);
  const list = options.data ?? [];
  return (
    <Select<string>
      {...rest}
      allowClear
      showSearch
      loading={options.isFetching}
      status={options.isError ? 'error' : undefined}
      placeholder={options.isError ? t('list.loadFailed') : t('form.selectPlaceholder')}
      // until the options arrive the stored value is shown as it is
      value={(options.data ? enumValue({ enumOptionList: list }, value) : value) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={list.map((o) => ({ value: o.Enum_Name, label: o.Enum_Name }))}
      data-testid={`bound-${config.Column_Name}`}
    />
  );
}

/** The configured custom fields inside the form's grid row, each at its quarter-row width. */
export function CustomFieldItems({ configs, disabled }: { configs: CustomField[]; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {ordered(configs).map((c) => (
        <Col
          key={c.Column_Name}
          xs={24}
          sm={Math.min(4, Math.max(1, c.Width)) * QUARTER_SPAN}
          data-testid={`field-${c.Column_Name}`}
        >
          <Form.Item
            name={c.Column_Name}
            label={c.Describe}
            required={c.Mandatory}
            rules={[
              {
                validator: async (_r, v) => {
                  const p = valueProblem(c, v);
                  if (p) throw new Error(t(`platform.custom.${p}`));
                },
              },
            ]}
          >
            <CustomFieldControl config={c} disabled={disabled} />
          </Form.Item>
        </Col>
      ))}
    </>
  );
}
