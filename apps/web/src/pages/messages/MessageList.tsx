import { CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import { useApi } from '@mes/engine-web/entity';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Input, List, message, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Message, MSG_KEY, shellApi } from '../../session/api';
import { useOpenMessage } from '../../session/queries';
import { MESSAGE_PAGE_SIZE, MESSAGE_POLL_MS, SUCCESS_TOAST_SECONDS } from '../../shell/rules';
import { MessageTime } from './MessageTime';

/** The message record (/AllMessage, /home/MessageList/AllMessageList): 15 a page, searchable by title. */
export function MessageList() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const list = useQuery({
    queryKey: [...MSG_KEY, 'record', title, page, i18n.language],
    queryFn: () => shellApi(api).messages(title, page, MESSAGE_PAGE_SIZE),
    placeholderData: keepPreviousData,
    refetchInterval: MESSAGE_POLL_MS,
  });

  const open = useOpenMessage();
  const readAll = async () => {
    await shellApi(api).readAll();
    void message.success(t('common.success'), SUCCESS_TOAST_SECONDS);
    await qc.invalidateQueries({ queryKey: MSG_KEY });
  };

  return (
    <Card
      title={t('app.messages.title')}
      data-testid="message-list"
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => {
              setTitle(v.trim());
              setPage(1);
            }}
            placeholder={t('app.messages.titleSearch')}
            style={{ width: 220 }}
            data-testid="message-search"
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void list.refetch()}
            aria-label={t('common.refresh')}
          />
          <Button
            type="primary"
            icon={<CheckOutlined />}
            onClick={() => void readAll()}
            data-testid="message-read-all"
          >
            {t('app.messages.allRead')}
          </Button>
        </Space>
      }
    >
      <List<Message>
        loading={list.isFetching && !list.data}
        dataSource={list.data?.Data ?? []}
        locale={{ emptyText: <Empty description={t('app.messages.empty')} /> }}
        pagination={{
          current: page,
          pageSize: MESSAGE_PAGE_SIZE,
          total: list.data?.Paging?.TotalCount ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (n) => t('list.totalItems', { total: n }),
          size: 'small',
        }}
        renderItem={(m) => (
          <List.Item
            className="message-item"
            onClick={() => void open(m)}
            style={{ cursor: 'pointer' }}
            data-testid={`message-${m.ID}`}
            data-read={m.Is_Read}
            actions={[<MessageTime key="time" time={m.Send_Time} exact />]}
          >
            <List.Item.Meta
              avatar={<Badge status={m.Is_Read ? 'default' : 'processing'} />}
              title={
                <Space size={6} wrap>
                  {m.Level === 0 && <Tag color="red">{t('app.messages.urgent')}</Tag>}
                  <Typography.Text strong={!m.Is_Read}>{m.Title}</Typography.Text>
                  {!m.Is_Read && <Tag color="blue">{t('app.messages.unread')}</Tag>}
                </Space>
              }
              description={
                <>
                  {m.Content && <div style={{ color: '#606266' }}>{m.Content}</div>}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('app.messages.from')}: {m.From_User_Name ?? t('app.messages.system')}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
