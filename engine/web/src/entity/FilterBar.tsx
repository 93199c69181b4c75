import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { type EntityDef, type FieldDef, STATE_LABELS } from '@mes/model';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Input, message, Popover, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../i18n';
import { useApi } from './context';
import { RefSelect } from './RefSelect';

/** `Field` or `Field__op` → value, as the list's query takes it. */
export type ListFilters = Record<string, string | number>;

interface Filterable {
  name: string;
  f: FieldDef;
}

/**
 * The fields a list is filtered by, from its declaration: the state of a document, and among the
 * list's columns its options (enums, yes/no), dates (a range) and references (a picker).
 */
export function filterFields(def: EntityDef): Filterable[] {
  const out: Filterable[] = [];
  for (const name of def.list.columns) {
    const f = def.fields[name];
    if (!f) continue;
    if (
      f.kind === 'enum' ||
      f.kind === 'bool' ||
      f.kind === 'date' ||
      f.kind === 'datetime' ||
      f.kind === 'ref'
    )
      out.push({ name, f });
  }
  return out;
}

type View = { ID: number; View_Name: string; Filters: ListFilters };

/** One field's control: it reads and writes its own keys of the filters. */
function FieldFilter({
  name,
  f,
  value,
  onChange,
}: Filterable & { value: ListFilters; onChange: (patch: ListFilters) => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const title = label(f.label);
  const set = (k: string, v: string | number | undefined | null) => onChange({ [k]: v ?? '' });
  const style = { width: 180 };
  const testId = `filter-${name}`;
  if (f.kind === 'enum')
    return (
      <Select
        allowClear
        placeholder={title}
        style={style}
        value={value[name] === undefined ? undefined : Number(value[name])}
        options={f.options.map((o) => ({ value: o.value, label: label(o.label) }))}
        onChange={(v) => set(name, v)}
        data-testid={testId}
      />
    );
  if (f.kind === 'bool')
    return (
      <Select
        allowClear
        placeholder={title}
        style={style}
        value={value[name] === undefined ? undefined : String(value[name])}
        options={[
          { value: 'true', label: `${title}: ${t('common.yes')}` },
          { value: 'false', label: `${title}: ${t('common.no')}` },
        ]}
        onChange={(v) => set(name, v)}
        data-testid={testId}
      />
    );
  if (f.kind === 'ref')
    return (
      <span style={{ display: 'inline-block', ...style }} title={title} data-testid={testId}>
        <RefSelect
          field={f}
          value={value[name] === undefined ? null : Number(value[name])}
          onChange={(v) => set(name, v)}
        />
      </span>
    );
  // a date or a time: a range of days, each end inclusive
  const from = value[`${name}__gte`];
  const to = value[`${name}__lte`];
  const datetime = f.kind === 'datetime';
  return (
    <DatePicker.RangePicker
      allowEmpty={[true, true]}
      placeholder={[`${title} ${t('list.filterFrom')}`, t('list.filterTo')]}
      value={[from ? dayjs(String(from)) : null, to ? dayjs(String(to)) : null]}
      onChange={(r) =>
        onChange({
          [`${name}__gte`]: r?.[0]
            ? datetime
              ? r[0].startOf('day').toISOString()
              : r[0].format('YYYY-MM-DD')
            : '',
          [`${name}__lte`]: r?.[1]
            ? datetime
              ? r[1].endOf('day').toISOString()
              : r[1].format('YYYY-MM-DD')
            : '',
        })
      }
      data-testid={testId}
    />
  );
}

/**
 * The list's filter bar (issue 25): a control per filterable field, derived from the declaration,
 * and the user's saved filters of this list (UserListView), to apply, save under a name or delete.
 */
export function FilterBar({
  def,
  value,
  onChange,
}: {
  def: EntityDef;
  value: ListFilters;
  onChange: (v: ListFilters) => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const api = useApi();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const key = ['userListView', def.name];
  const views = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.data<View[]>('/UserListView', { query: { List_Name: def.name }, signal }),
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: () =>
      api.post('/UserListView', { List_Name: def.name, View_Name: name.trim(), Filters: value }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key });
      setSaving(false);
      setName('');
      void message.success(t('list.filterSaved'));
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/UserListView/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
  const patch = (p: ListFilters) => {
    const next = { ...value };
    for (const [k, v] of Object.entries(p)) {
      if (v === '' || v === undefined) delete next[k];
      else next[k] = v;
    }
    onChange(next);
  };
  const fields = filterFields(def);
  const any = Object.keys(value).length > 0;
  return (
    <Flex gap={8} wrap="wrap" align="center" style={{ marginBottom: 12 }} data-testid="filter-bar">
      {def.kind === 'document' && (
        <Select
          allowClear
          placeholder={t('list.filterState')}
          style={{ width: 140 }}
          value={value.State === undefined ? undefined : Number(value.State)}
          options={Object.entries(STATE_LABELS).map(([v, l]) => ({ value: Number(v), label: label(l) }))}
          onChange={(v) => patch({ State: v ?? '' })}
          data-testid="filter-State"
        />
      )}
      {fields.map((x) => (
        <FieldFilter key={x.name} {...x} value={value} onChange={patch} />
      ))}
      <Button onClick={() => onChange({})} disabled={!any} data-testid="filter-clear">
        {t('list.filterClear')}
      </Button>
      <Select
        allowClear
        placeholder={t('list.filterViews')}
        style={{ width: 180 }}
        value={null}
        options={(views.data ?? []).map((v) => ({
          value: v.ID,
          label: (
            <Space>
              {v.View_Name}
              <DeleteOutlined
                aria-label={t('common.delete')}
                onClick={(e) => {
                  e.stopPropagation();
                  remove.mutate(v.ID);
                }}
              />
            </Space>
          ),
        }))}
        onChange={(id) => {
          const v = views.data?.find((x) => x.ID === id);
          if (v) onChange(v.Filters);
        }}
        data-testid="filter-views"
      />
      <Popover
        open={saving}
        onOpenChange={setSaving}
        trigger="click"
        content={
          <Space.Compact>
            <Input
              value={name}
              maxLength={60}
              placeholder={t('list.filterName')}
              onChange={(e) => setName(e.target.value)}
              onPressEnter={() => name.trim() && save.mutate()}
              data-testid="filter-name"
            />
            <Button
              type="primary"
              disabled={!name.trim()}
              loading={save.isPending}
              onClick={() => save.mutate()}
            >
              {t('common.ok')}
            </Button>
          </Space.Compact>
        }
      >
        <Button icon={<SaveOutlined />} disabled={!any} data-testid="filter-save">
          {t('list.filterSave')}
        </Button>
      </Popover>
    </Flex>
  );
}
