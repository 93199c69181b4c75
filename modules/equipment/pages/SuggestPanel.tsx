import { type Row, useApi } from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, List, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { texts } from '../locales';

/** Type a symptom, see the repair knowledge that matches it (GET /RepairExperience/Suggest). */
export function SuggestPanel() {
  const t = useModuleText(texts);
  const api = useApi();
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const found = useQuery({
    queryKey: ['em', 'suggest', q],
    queryFn: async () => (await api.get<Row[]>('/RepairExperience/Suggest', { Text: q })).Data,
    enabled: q.length > 1,
  });
  return (
    <Card size="small" title={t('suggest.title')} style={{ marginBottom: 12 }}>
      <Input.Search
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('suggest.placeholder')}
        data-testid="em-suggest-input"
      />
      {q.length > 1 && (
        <List
          size="small"
          data-testid="em-suggest-list"
          locale={{ emptyText: t('suggest.none') }}
          dataSource={found.data ?? []}
          renderItem={(r) => (
            <List.Item>
              <Typography.Text strong>{String(r.Title)}</Typography.Text>
              <Typography.Text style={{ marginLeft: 12 }}>{String(r.Solution)}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
