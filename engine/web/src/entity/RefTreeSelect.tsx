import { SettingOutlined } from '@ant-design/icons';
import { type EntityDef, MAX_PAGE_SIZE, type RefField } from '@mes/model';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, TreeSelect } from 'antd';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from './context';
import { PagesContext } from './entityPages';
import type { Row } from './format';
import { buildTree, type TreeRow } from './tree';

interface Node {
  value: number;
  title: string;
  children?: Node[];
}

function nodesOf(rows: TreeRow[], key: string, display: string): Node[] {
  return rows.map((r) => ({
    value: Number(r[key]),
    title: String(r[display] ?? r[key]),
    children: r.children?.length ? nodesOf(r.children, key, display) : undefined,
  }));
}

/** A reference to a tree entity (a department): picked in its tree, with a Set button to its page. */
export function RefTreeSelect(props: {
  id?: string;
  field: RefField;
  target: EntityDef;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
  /** The record's display value of the reference, shown until (or unless) the tree lists it. */
  initialLabel?: string;
  /** Drawn for a user who came to it (LazyPicker): focused, and open when they clicked it. */
  opened?: boolean;
  status?: 'error';
}) {
  const { id, field, target, value, onChange, disabled, initialLabel, opened: openAtOnce, status } = props;
  const { t } = useTranslation();
  const api = useApi();
  const goSet = useContext(PagesContext).open(target.name);
  const [opened, setOpened] = useState(openAtOnce === true);
  const parent = target.tree?.parent ?? '';
  const q = useQuery({
    queryKey: ['entity', target.name, 'tree-options'],
    queryFn: ({ signal }) =>
      api.data<Row[]>(`/${target.name}`, { query: { PageSize: MAX_PAGE_SIZE }, signal }),
    staleTime: 30_000,
    // like the searched select, the tree loads when it is first opened, not with the form
    enabled: opened,
  });
  const rows = Array.isArray(q.data) ? q.data : [];
  const tree = nodesOf(buildTree(rows, target.key, parent), target.key, field.display);
  if (value !== null && value !== undefined && !rows.some((r) => Number(r[target.key]) === value))
    tree.push({ value, title: initialLabel ?? String(value) });
  // every level shows when the tree arrives (it arrives after the first opening); the user may fold it
  const [expanded, setExpanded] = useState<(string | number)[] | null>(null);
  const all = rows.map((r) => Number(r[target.key]));
  return (
    <Space.Compact style={{ width: '100%' }}>
      <TreeSelect<number>
        id={id}
        disabled={disabled}
        status={status}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        treeExpandedKeys={expanded ?? all}
        onTreeExpand={(keys) => setExpanded(keys.map((k) => (typeof k === 'bigint' ? String(k) : k)))}
        loading={q.isFetching}
        placeholder={t('form.selectPlaceholder')}
        value={value ?? undefined}
        treeData={tree}
        onChange={(v) => onChange?.(v ?? null)}
        onOpenChange={(o) => o && setOpened(true)}
        autoFocus={openAtOnce !== undefined}
        defaultOpen={openAtOnce}
        notFoundContent={q.isFetching ? t('common.loading') : t('common.noData')}
        style={{ width: '100%' }}
        data-testid={`tree-select-${field.entity}`}
      />
      <Button
        icon={<SettingOutlined />}
        // a read-only form offers no way out to the upkeep of the list either
        disabled={disabled || !goSet}
        onClick={() => goSet?.()}
        data-testid={`tree-select-set-${field.entity}`}
      >
        {t('common.set')}
      </Button>
    </Space.Compact>
  );
}
