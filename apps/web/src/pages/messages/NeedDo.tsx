import { RightOutlined } from '@ant-design/icons';
import { useLang } from '@mes/engine-web/i18n';
import { Badge, Button, Card, Col, Empty, List, Row, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../session/api';
import { useOpenMessage, usePending } from '../../session/queries';
import { MessageTime } from './MessageTime';

export interface TodoGroup {
  name: string;
  items: Message[];
}

/** The pending list grouped by the module of each item's page (Parent_Menu_Name), in first-seen order. */
export function groupTodos(items: readonly Message[], lang: 'zh' | 'en', other: string): TodoGroup[] {
  const groups = new Map<string, Message[]>();
  for (const m of items) {
    const name = (lang === 'en' ? m.Parent_Menu_Name_En || m.Parent_Menu_Name : m.Parent_Menu_Name) || other;
    groups.set(name, [...(groups.get(name) ?? []), m]);
  }
  return [...groups].map(([name, list]) => ({ name, items: list }));
}

/** /needdo: what waits for the user or their department; a click marks it read and opens its page. */
export function NeedDo() {
  const { t } = useTranslation();
  const lang = useLang();
  const pending = usePending();
  const groups = groupTodos(pending.items, lang, t('app.needdo.other'));

  const open = useOpenMessage();

  if (pending.query.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  return (
    <Card title={t('app.needdo.title')} data-testid="needdo">
      {groups.length === 0 && <Empty description={t('app.needdo.empty')} />}
      <Row gutter={[15, 15]}>
        {groups.map((g) => (
          <Col key={g.name} xs={24} lg={12}>
            <Card
              type="inner"
              size="small"
              title={
                <Space>
                  {g.name}
                  <Badge count={g.items.length} color="#3c8dbc" />
                </Space>
              }
              data-testid="needdo-group"
            >
              <List<Message>
                dataSource={g.items}
                renderItem={(m) => (
                  <List.Item
                    data-testid={`todo-${m.ID}`}
                    actions={[
                      <MessageTime key="t" time={m.Send_Time} />,
                      <Button key="go" type="link" size="small" onClick={() => void open(m)}>
                        {t('app.needdo.handle')} <RightOutlined />
                      </Button>,
                    ]}
                  >
                    <Space size={6}>
                      {m.Level === 0 && <Tag color="red">{t('app.messages.urgent')}</Tag>}
                      <Button
                        type="link"
                        size="small"
                        style={{ padding: 0 }}
                        onClick={() => void open(m)}
                        data-testid="todo-title"
                      >
                        {m.Title}
                      </Button>
                    </Space>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
