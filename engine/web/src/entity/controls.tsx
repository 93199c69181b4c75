import type {
  DateField,
  DateTimeField,
  DecimalField,
  EnumField,
  FieldDef,
  RefField,
  TextField,
} from '@mes/model';
import { entitiesWith } from '@mes/model';
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../i18n';
import { useRegistry } from './context';
import { formatDateTime, formatDecimal, fromWallClock, toWallClock } from './format';
import { RefSelect } from './RefSelect';

/** What antd's Form.Item injects into its child. */
export interface ControlProps<V> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  disabled?: boolean;
  /** Set where no Form.Item tells the control (a line cell, LinesEditor): its value is at fault. */
  status?: 'error';
}

/** A field naming an entity (TextField.entityOf): the entities with the feature, by their labels. */
function EntityNameSelect(props: ControlProps<string> & { field: TextField }) {
  const { field, value, onChange, ...rest } = props;
  const registry = useRegistry();
  const label = useLabel();
  const options = entitiesWith(registry.entities.values(), field.entityOf ?? 'print')
    .map((d) => ({ value: d.name, label: label(d.label) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <Select<string>
      {...rest}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      value={value || undefined}
      options={options}
      onChange={(v) => onChange?.(v ?? '')}
    />
  );
}

function TextInput(props: ControlProps<string> & { field: TextField }) {
  const { field, value, onChange, ...rest } = props;
  if (field.entityOf) return <EntityNameSelect {...props} />;
  const common = {
    ...rest,
    value: value ?? '',
    maxLength: field.max,
    onChange: (e: { target: { value: string } }) => onChange?.(e.target.value),
  };
  if (field.multiline) return <Input.TextArea {...common} autoSize={{ minRows: 2, maxRows: 6 }} />;
  return <Input {...common} type={field.format === 'email' ? 'email' : 'text'} />;
}

function IntInput(props: ControlProps<number | null> & { field: { min?: number; max?: number } }) {
  const { field, value, onChange, ...rest } = props;
  return (
    <InputNumber<number>
      {...rest}
      style={{ width: '100%' }}
      precision={0}
      min={field.min}
      max={field.max}
      value={value ?? null}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

/**
 * Decimals stay text end to end: an InputNumber would round them through a float. A control that
 * cannot be edited shows the value as the list does (`71.00`, `1,200`); one being edited, as typed.
 */
function DecimalInput(props: ControlProps<string> & { field: DecimalField }) {
  const { field, value, onChange, ...rest } = props;
  return (
    <Input
      {...rest}
      inputMode="decimal"
      style={{ textAlign: 'right' }}
      value={rest.disabled ? formatDecimal(value, field.scale) : (value ?? '')}
      onChange={(e) => onChange?.(e.target.value.replace(/,/g, ''))}
    />
  );
}

function BoolInput(props: ControlProps<boolean | null>) {
  // a switch has no error look; its message shows under it
  const { value, onChange, status: _status, ...rest } = props;
  return <Switch {...rest} checked={value === true} onChange={(v) => onChange?.(v)} />;
}

/** How a date or a time is shown, in a picker and in a line cell's box. */
export function dateText(field: DateField | DateTimeField, value: unknown): string {
  if (field.kind === 'datetime') return formatDateTime(value);
  const d = value ? dayjs(String(value)) : null;
  if (!d?.isValid()) return '';
  return d.format('YYYY-MM-DD');
}

function DateInput(
  props: ControlProps<string | null> & { field: DateField | DateTimeField; opened?: boolean },
) {
  const { field, value, onChange, opened, ...rest } = props;
  const withTime = field.kind === 'datetime';
  // a time is picked on the company's clock, whatever the browser's time zone
  const d = value ? (withTime ? toWallClock(value) : dayjs(value)) : null;
  // drawn for a user who clicked its box (LazyPicker): open at once, then as the user opens it
  const [open, setOpen] = useState(opened === true);
  const openProps = opened === undefined ? {} : { open, onOpenChange: setOpen, autoFocus: true };
  return (
    <DatePicker
      {...rest}
      {...openProps}
      style={{ width: '100%' }}
      showTime={withTime}
      format={withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD'}
      value={d?.isValid() ? d : null}
      onChange={(v) => onChange?.(v ? (withTime ? fromWallClock(v) : v.format('YYYY-MM-DD')) : null)}
    />
  );
}

function EnumSelect(props: ControlProps<number | null> & { field: EnumField; opened?: boolean }) {
  const { field, value, onChange, opened, ...rest } = props;
  const label = useLabel();
  const { t } = useTranslation();
  return (
    <Select<number>
      {...rest}
      allowClear={!field.required}
      autoFocus={opened !== undefined}
      defaultOpen={opened}
      placeholder={t('form.selectPlaceholder')}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={field.options.map((o) => ({ value: o.value, label: label(o.label) }))}
    />
  );
}

export interface FieldControlProps extends ControlProps<unknown> {
  field: FieldDef;
  /** Display value of a ref field, so that the select shows a name before its options load. */
  refLabel?: string;
  /** A picker (enum, ref, date) drawn for a user who came to it (LazyPicker): focused, open when clicked. */
  opened?: boolean;
}

/** One control per field kind; Form.Item hands it value and onChange in wire shape. */
export function FieldControl(props: FieldControlProps) {
  const { field, refLabel, opened, ...rest } = props;
  // The form holds wire-shaped values, so the value type follows the field kind.
  const p = <V,>() => rest as ControlProps<V>;
  switch (field.kind) {
    case 'text':
      return <TextInput {...p<string>()} field={field} />;
    case 'int':
      return <IntInput {...p<number | null>()} field={field} />;
    case 'decimal':
      return <DecimalInput {...p<string>()} field={field} />;
    case 'bool':
      return <BoolInput {...p<boolean | null>()} />;
    case 'date':
    case 'datetime':
      return <DateInput {...p<string | null>()} field={field} opened={opened} />;
    case 'enum':
      return <EnumSelect {...p<number | null>()} field={field} opened={opened} />;
    case 'ref':
      return (
        <RefSelect
          {...p<number | null>()}
          field={field as RefField}
          initialLabel={refLabel}
          opened={opened}
        />
      );
  }
}
