import { FileSearchOutlined } from '@ant-design/icons';
import { useLang } from '@mes/engine-web/i18n';
import { Card, Empty, Input, List, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { menuIcon } from '../layout/icons';
import { useSession } from '../session/session';
import { nameOf, searchMenus } from '../shell/menu';
import { usePinyin } from '../shell/pinyin';
import { useQuickSearch } from '../shell/quickSearch';

const PER_ENTITY = 5;

/** Quick search results: the user's menus by name, and records of every list the user may open. */
export function FastSearch() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { pages } = useSession();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);

  usePinyin(true);
  const menus = searchMenus(pages, q);
  const docs = useQuickSearch(q, PER_ENTITY);

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
          {(docs.data ?? []).map((g) => (
            <Card
              key={g.Entity_Name}
              size="small"
              type="inner"
              style={{ marginBottom: 12 }}
              data-testid={`search-group-${g.Entity_Name}`}
              title={
                <Space>
                  <FileSearchOutlined />
                  {g.Label}
                  <Tag>{g.Capped ? `${g.TotalCount}+` : g.TotalCount}</Tag>
                </Space>
              }
            >
              {g.Hits.map((h) => (
                <div key={h.ID} style={{ padding: '4px 0' }}>
                  <Typography.Link onClick={() => navigate(`${g.route.path}/${h.ID}`)}>
                    {h.Text}
                  </Typography.Link>
                  <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                    {h.Detail}
                  </Typography.Text>
                </div>
              ))}
            </Card>
          ))}
        </div>
      )}
    </Card>
  );
}
