import { codeFieldOf, detailFieldOf, type EntityDef, type Lang, localText, type RefField } from '@mes/model';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n';
import { useApi, useEntityDef } from './context';
import type { Row } from './format';
import { RefTreeSelect } from './RefTreeSelect';

export const REF_PAGE_SIZE = 20;
/** Typing pauses this long before a picker searches, unless the entity's lookup says otherwise. */
const SEARCH_DELAY_MS = 300;

export interface RefSelectProps {
  id?: string;
  field: RefField;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
  initialLabel?: string;
  /** Drawn for a user who came to it (LazyPicker): focused, and open when they clicked it. */
  opened?: boolean;
  status?: 'error';
}

/**
 * What a picker's option says: the target's code, the shown field, and its spec or model when the
 * answer has them (`RM-AL-0031 铝棒 Φ20`), so that records of one name are told apart.
 */
export function refOptionLabel(
  target: EntityDef | undefined,
  display: string,
  row: Row,
  detail = true,
  lang: Lang = 'zh',
): string {
  const fields = [target && codeFieldOf(target), display, detail && target && detailFieldOf(target)];
  const parts: string[] = [];
  for (const f of fields) {
    // a bilingual name is offered in the reader's language
    const v = f ? localText(row, f, lang) : undefined;
    const s = v === null || v === undefined ? '' : String(v).trim();
    if (s && !parts.includes(s)) parts.push(s);
  }
  return parts.length ? parts.join(' ') : String(row[target?.key ?? 'ID'] ?? '');
}

/** A tree entity (departments) is picked in its tree, unless it asks to be searched; any other is searched. */
export function RefSelect(props: RefSelectProps) {
  const target = useEntityDef(props.field.entity);
  if (target?.tree && target.tree.picker !== 'search') return <RefTreeSelect {...props} target={target} />;
  return props.field.filterBy ? <NarrowedSearchSelect {...props} /> : <RefSearchSelect {...props} />;
}

/**
 * A picker narrowed by another field of the form (RefField.filterBy): it lists only the targets whose
 * field matches that value, the rule the server checks on save. Watched in the form around it, so a
 * line's picker follows the header (a stock line's locations follow the document's warehouse).
 */
function NarrowedSearchSelect(props: RefSelectProps) {
  const by = props.field.filterBy as NonNullable<RefField['filterBy']>;
  // with an options argument useWatch reads the surrounding form without warning when there is none
  const value = Form.useWatch(by.by, { preserve: true }) as unknown;
  const narrow = value === null || value === undefined || value === '' ? undefined : { [by.field]: value };
  // the value it narrows by changed (another product chosen): a choice made under the old one is no
  // longer offered, and would be refused on save, so it is cleared as the user changes it
  const before = useRef(value);
  const { value: chosen, onChange } = props;
  useEffect(() => {
    const was = before.current;
    before.current = value;
    if (was !== undefined && was !== null && was !== value && chosen != null) onChange?.(null);
  }, [value, chosen, onChange]);
  return <RefSearchSelect {...props} narrow={narrow} />;
}

/** Searches the target entity on the server; the list loads when the dropdown opens, not with the form. */
function RefSearchSelect(props: RefSelectProps & { narrow?: Record<string, unknown> }) {
  const { id, field, value, onChange, disabled, initialLabel, opened, status, narrow } = props;
  const { t } = useTranslation();
  const lang = useLang();
  const api = useApi();
  const target = useEntityDef(field.entity);
  const targetKey = target?.key ?? 'ID';
  const [open, setOpen] = useState(opened === true);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<{ value: number; label: string } | null>(null);

  useEffect(() => {
    const h = setTimeout(() => setKeyword(search.trim()), target?.lookup?.delayMs ?? SEARCH_DELAY_MS);
    return () => clearTimeout(h);
  }, [search, target?.lookup?.delayMs]);

  // a narrower choice (lookupBy) is asked with the record's header values it depends on
  const form = Form.useFormInstance() as ReturnType<typeof Form.useFormInstance> | undefined;
  const by = field.lookupBy;
  const narrowed: Record<string, string | number | undefined> = {};
  if (by)
    for (const [param, from] of Object.entries(by.params)) {
      const v = form?.getFieldValue?.(from);
      narrowed[param] = typeof v === 'number' || typeof v === 'string' ? v : undefined;
    }
  const q = useQuery({
    queryKey: ['entity', field.entity, 'options', keyword, narrow ?? null, by?.path, narrowed],
    queryFn: ({ signal }) =>
      api.get<Row[]>(
        by?.path ?? target?.lookup?.path ?? `/${field.entity}`,
        { KeyWord: keyword, PageSize: REF_PAGE_SIZE, ...narrow, ...narrowed },
        { signal },
      ),
    enabled: open,
  });

  // The closed select shows code and name (as a saved line's does, refShown); the list adds the detail
  // that tells same-named ones apart.
  const options: { value: number; label: string; full?: string }[] = (q.data?.Data ?? []).map((r) => ({
    value: Number(r[targetKey]),
    label: refOptionLabel(target, field.display, r, false, lang),
    full: refOptionLabel(target, field.display, r, true, lang),
  }));
  // Keep the chosen record visible even when the current search no longer lists it.
  const current =
    value === null || value === undefined
      ? undefined
      : picked?.value === value
        ? picked
        : { value, label: initialLabel ?? String(value) };
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);

  return (
    <Select<number>
      id={id}
      disabled={disabled}
      status={status}
      allowClear
      placeholder={t('form.searchPlaceholder')}
      value={value ?? undefined}
      loading={q.isFetching}
      options={options}
      optionRender={(o) => <span title={o.data.full ?? o.data.label}>{o.data.full ?? o.data.label}</span>}
      // a picker in a narrow line column still shows code, name and model in full
      popupMatchSelectWidth={POPUP_MIN_WIDTH}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={setOpen}
      autoFocus={opened !== undefined}
      defaultOpen={opened}
      onChange={(v, opt) => {
        const o = Array.isArray(opt) ? opt[0] : opt;
        setPicked(v === undefined ? null : { value: v, label: String(o?.label ?? v) });
        onChange?.(v ?? null);
      }}
      notFoundContent={q.isFetching ? t('common.loading') : t('common.noData')}
    />
  );
}

/** The least width of a picker's list, in pixels: wider than its box when the box is a line column. */
export const POPUP_MIN_WIDTH = 360;
