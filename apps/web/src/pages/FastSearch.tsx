import { FileSearchOutlined } from '@ant-design/icons';
import { type Row, totalText, useApi, useRegistry } from '@mes/engine-web/entity';
import { useLabel, useLang } from '@mes/engine-web/i18n';
import { displayNameOf } from '@mes/model';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, List, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { menuIcon } from '../layout/icons';
import { useSession } from '../session/session';
import { nameOf, type RouteMeta, searchMenus } from '../shell/menu';

const PER_ENTITY = 5;

/** Quick search results: the user's menus by name, and records of every list the user may open. */
export function FastSearch() {
  const { t } = useTranslation();
  const lang = useLang();
  const label = useLabel();
  const api = useApi();
  const registry = useRegistry();
  const navigate = useNavigate();
  const { pages, routes } = useSession();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);

  const menus = searchMenus(pages, q);
  // one list per entity, from the first page of the user's menu that shows it
  const searchable = useMemo(() => {
    const seen = new Map<string, RouteMeta>();
    for (const r of routes) {
      const def = r.Entity_Name ? registry.entities.get(r.Entity_Name) : undefined;
      // the operation log would echo every record back as raw history: not a document to find
      if (def && def.kind !== 'log' && def.list.search.length > 0 && !seen.has(def.name))
        seen.set(def.name, r);
    }
    return [...seen.values()];
  }, [routes, registry]);
  const docs = useQuery({
    queryKey: ['fastSearch', q, searchable.map((r) => r.Entity_Name)],
    enabled: !!q,
    queryFn: async () =>
      (
        await Promise.all(
          searchable.map(async (r) => {
            const res = await api
              .get<Row[]>(`/${r.Entity_Name}`, { Page: 1, PageSize: PER_ENTITY, KeyWord: q })
              .catch(() => null);
            return { route: r, rows: res?.Data ?? [], total: totalText(res?.Paging) };
          }),
        )
      ).filter((g) => g.rows.length > 0),
  });

  return (
    <Card title={t('app.search.title')} data-testid="fast-search">
      <Input.Search
        size="large"
        allowClear
        enterButton
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => setParams(v.trim() ? { q: v.trim() } : {})}
        placeholder={t('app.search.placeholder')}
        style={{ maxWidth: 560 }}
        data-testid="fast-search-input"
      />
      {!q && <Empty style={{ marginTop: 32 }} description={t('app.search.hint')} />}
      {q && (
        <div style={{ marginTop: 20 }}>
          <Typography.Title level={5}>{t('app.search.menus')}</Typography.Title>
          <List
            size="small"
            dataSource={menus}
            locale={{ emptyText: t('app.search.none', { q }) }}
            renderItem={({ page, module, group }) => (
              <List.Item
                onClick={() => navigate(page.Route ?? '/')}
                style={{ cursor: 'pointer' }}
                data-testid={`search-menu-${page.Menu_Code}`}
              >
                <Space>
                  {menuIcon(page.Icon ?? module.Icon)}
                  <Typography.Link>{nameOf(page, lang)}</Typography.Link>
                  <Typography.Text type="secondary">
                    {nameOf(module, lang)}
                    {group ? ` / ${nameOf(group, lang)}` : ''}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('app.search.documents')}
          </Typography.Title>
          {docs.isFetching && <Spin />}
          {!docs.isFetching && (docs.data ?? []).length === 0 && (
            <Typography.Text type="secondary">{t('app.search.none', { q })}</Typography.Text>
          )}
          {(docs.data ?? []).map(({ route, rows, total }) => {
            const def = registry.get(route.Entity_Name ?? '');
            return (
              <Card
                key={route.path}
                size="small"
                type="inner"
                style={{ marginBottom: 12 }}
                title={
                  <Space>
                    <FileSearchOutlined />
                    {label(route.title)}
                    <Tag>{total}</Tag>
                  </Space>
                }
              >
                {rows.map((row) => {
                  const id = Number(row[def.key]);
                  return (
                    <div key={id} style={{ padding: '4px 0' }}>
                      <Typography.Link onClick={() => navigate(`${route.path}/${id}`)}>
                        {String(row[def.display] ?? id)}
                      </Typography.Link>
                      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                        {def.list.search
                          .filter((f) => f !== def.display)
                          // a searched reference shows its record's name, not its id
                          .map((f) => {
                            const field = def.fields[f];
                            return row[field?.kind === 'ref' ? displayNameOf(f, field) : f];
                          })
                          .filter(Boolean)
                          .slice(0, 2)
                          .map((v) => String(v).slice(0, 60))
                          .join(' · ')}
                      </Typography.Text>
                    </div>
                  );
                })}
              </Card>
            );
          })}
        </div>
      )}
    </Card>
  );
}
