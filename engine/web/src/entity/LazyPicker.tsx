import { CalendarOutlined, DownOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../i18n';
import { dateText, FieldControl, type FieldControlProps } from './controls';

/** What a picker shows for its value: the option's label, the reference's name, else the id. */
export function pickerText(
  props: Pick<FieldControlProps, 'field' | 'value' | 'refLabel'>,
  label: ReturnType<typeof useLabel>,
): string {
  const { field, value, refLabel } = props;
  if (value === null || value === undefined || value === '') return '';
  if (field.kind === 'enum') {
    const o = field.options.find((x) => String(x.value) === String(value));
    return o ? label(o.label) : String(value);
  }
  if (field.kind === 'date' || field.kind === 'datetime') return dateText(field, value);
  return refLabel ?? String(value);
}

const placeholderOf = (kind: FieldControlProps['field']['kind']) =>
  kind === 'ref'
    ? 'form.searchPlaceholder'
    : kind === 'date' || kind === 'datetime'
      ? 'form.datePlaceholder'
      : 'form.selectPlaceholder';

/** The kinds of line cell drawn as a box until the user comes to them. */
export const LAZY_KINDS = new Set(['ref', 'enum', 'date', 'datetime']);

/**
 * A picker (enum, reference, date) in a line cell, drawn as a plain box showing its value until the user
 * comes to it: an antd select is costly to draw, and a stocktake of 146 lines had 600 of them (a
 * second of its fill). Clicked, it becomes the select, open; reached by Tab, focused.
 */
export function LazyPicker(props: FieldControlProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const { token } = theme.useToken();
  const [live, setLive] = useState<'open' | 'focus' | null>(null);
  if (live) return <FieldControl {...props} opened={live === 'open'} />;
  const text = pickerText(props, label);
  const off = props.disabled === true;
  const wake = (how: 'open' | 'focus') => !off && setLive((l) => l ?? how);
  return (
    <div
      role="combobox"
      aria-expanded={false}
      aria-disabled={off}
      tabIndex={off ? -1 : 0}
      data-lazy-picker
      onMouseDown={(e) => {
        if (off) return;
        e.preventDefault();
        wake('open');
      }}
      onFocus={() => wake('focus')}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
          e.preventDefault();
          wake('open');
        }
      }}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        minHeight: token.controlHeight,
        padding: `0 ${token.paddingSM - 1}px`,
        border: `${token.lineWidth}px solid ${props.status === 'error' ? token.colorError : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: off ? token.colorBgContainerDisabled : token.colorBgContainer,
        color: off ? token.colorTextDisabled : text ? token.colorText : token.colorTextPlaceholder,
        cursor: off ? 'not-allowed' : 'pointer',
        whiteSpace: 'nowrap',
      }}
    >
      <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }} title={text || undefined}>
        {text || (off ? '' : t(placeholderOf(props.field.kind)))}
      </span>
      {props.field.kind === 'date' || props.field.kind === 'datetime' ? (
        <CalendarOutlined style={{ fontSize: 12, color: token.colorTextQuaternary }} />
      ) : (
        <DownOutlined style={{ fontSize: 10, color: token.colorTextQuaternary }} />
      )}
    </div>
  );
}
