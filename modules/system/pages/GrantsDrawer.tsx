import { entityKeys, type Row, SUCCESS_TOAST_SECONDS, useApi } from '@mes/engine-web/entity';
import { useLabel, useLang, useModuleText } from '@mes/engine-web/i18n';
import { OPERA_TYPES } from '@mes/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, message, Select, Space, Spin, Tree, Typography } from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { texts } from '../locales';
import {
  buildGrantTree,
  checkedFromGrants,
  DEFAULT_OPERA_TYPE,
  type GrantLine,
  type GrantNode,
  grantsFromChecked,
  type MenuRow,
} from './grants';

const DRAWER_WIDTH = 720;

function allKeys(nodes: GrantNode[], kinds: GrantNode['kind'][]): string[] {
  return nodes.flatMap((n) => [
    ...(kinds.includes(n.kind) ? [n.key] : []),
    ...allKeys(n.children ?? [], kinds),
  ]);
}

/** A role's menu and button grants as a tree with checkboxes, with the operation type per page. */
export function GrantsDrawer(props: {
  roleId: number | null;
  roleName: string;
  readOnly?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tt = useModuleText(texts);
  const lang = useLang();
  const label = useLabel();
  const api = useApi();
  const qc = useQueryClient();
  const open = props.roleId !== null;
  const role = useQuery({
    queryKey: entityKeys.record('Role', props.roleId ?? 0),
    queryFn: () => api.data<Row>(`/Role/${props.roleId}`),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  const menus = useQuery({
    queryKey: ['entity', 'ModuleMenu', 'all'],
    queryFn: () => api.data<MenuRow[]>('/ModuleMenu', { query: { Page: 1, PageSize: 500 } }),
    enabled: open,
    staleTime: 60_000,
  });
  const tree = useMemo(() => buildGrantTree(menus.data ?? [], lang), [menus.data, lang]);
  const [checked, setChecked] = useState<string[]>([]);
  const [opera, setOpera] = useState<Map<number, number>>(new Map());
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!role.data || !menus.data) return;
    const grants = (role.data.Grants as GrantLine[] | undefined) ?? [];
    setChecked(checkedFromGrants(grants, menus.data));
    setOpera(new Map(grants.map((g) => [g.Menu_ID, g.Opera_Type])));
    setExpanded(allKeys(buildGrantTree(menus.data, 'zh'), ['module']));
  }, [role.data, menus.data]);

  const lines = grantsFromChecked(checked, opera);
  const granted = new Set(lines.map((l) => l.Menu_ID));
  const isAdmin = !!role.data?.Is_Admin;
  const save = async () => {
    if (!role.data) return;
    setSaving(true);
    try {
      await api.put('/Role', { Role_ID: role.data.Role_ID, Version: role.data.Version, Grants: lines });
      void message.success(t('common.success'), SUCCESS_TOAST_SECONDS);
      await qc.invalidateQueries({ queryKey: entityKeys.all('Role') });
      props.onClose();
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const title = (n: GrantNode) => {
    if (n.kind !== 'page' || !n.menuId || !granted.has(n.menuId)) return <span>{n.title}</span>;
    const id = n.menuId;
    return (
      <Space size={8} onClick={(e) => e.stopPropagation()}>
        <span>{n.title}</span>
        <Select
          size="small"
          value={opera.get(id) ?? DEFAULT_OPERA_TYPE}
          disabled={props.readOnly}
          style={{ width: 120 }}
          onChange={(v) => setOpera(new Map(opera).set(id, v))}
          options={OPERA_TYPES.map((o) => ({ value: o.value, label: label(o.label) }))}
          aria-label={tt('roles.operaType')}
          data-testid={`grant-opera-${id}`}
        />
      </Space>
    );
  };

  return (
    <Drawer
      open={open}
      size={DRAWER_WIDTH}
      title={tt('roles.grantsTitle', { name: props.roleName })}
      onClose={props.onClose}
      destroyOnHidden
      data-testid="grants-drawer"
      extra={
        !props.readOnly &&
        !isAdmin && (
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="grants-save">
            {t('common.save')}
          </Button>
        )
      }
    >
      {(role.isPending || menus.isPending) && open ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : isAdmin ? (
        <Alert type="info" showIcon title={tt('roles.adminAll')} />
      ) : (
        <>
          <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
            <Typography.Text type="secondary">
              {tt('roles.treeHint')} {tt('roles.summary', { pages: lines.length })}
            </Typography.Text>
            <Space size={4} wrap>
              <Button size="small" onClick={() => setExpanded(allKeys(tree, ['module', 'group']))}>
                {tt('roles.expandAll')}
              </Button>
              <Button size="small" onClick={() => setExpanded([])}>
                {tt('roles.collapseAll')}
              </Button>
              {!props.readOnly && (
                <>
                  <Button size="small" onClick={() => setChecked(allKeys(tree, ['button']))}>
                    {tt('roles.checkAll')}
                  </Button>
                  <Button size="small" onClick={() => setChecked([])}>
                    {tt('roles.uncheckAll')}
                  </Button>
                </>
              )}
            </Space>
          </Flex>
          <div data-testid="grants-tree">
            <Tree
              checkable
              selectable={false}
              disabled={props.readOnly}
              treeData={tree}
              titleRender={title}
              checkedKeys={checked}
              expandedKeys={expanded}
              onExpand={setExpanded}
              onCheck={(keys) => {
                const list = Array.isArray(keys) ? keys : keys.checked;
                setChecked(list.map(String).filter((k) => k.startsWith('b:')));
              }}
            />
          </div>
        </>
      )}
    </Drawer>
  );
}
