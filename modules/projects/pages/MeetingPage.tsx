import {
  EntityListPage,
  entityKeys,
  type ModulePageProps,
  type Row,
  useApi,
  useEntityDef,
  useListProps,
} from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import { texts } from '../locales';
import { MEETING } from '../logic/meeting';
import { meeting } from '../meeting.entity';

/** 会议: the generic list, each open meeting with its next step (held → minutes recorded → closed). */
export function MeetingPage({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const def = useEntityDef(meeting.name);
  const props = useListProps(meta);
  const api = useApi();
  const qc = useQueryClient();
  const may = !meta.buttons || meta.buttons.includes('edit');
  if (!def) return null;
  const advance = async (row: Row) => {
    try {
      await api.post('/Meeting/Advance', { Meeting_ID: row.Meeting_ID });
    } catch {
      // shown by the client
    }
    await qc.invalidateQueries({ queryKey: entityKeys.all(meeting.name) });
    await qc.invalidateQueries({ queryKey: entityKeys.all('ActionTracker') });
  };
  const rowActions = (row: Row) =>
    may && Number(row.Meeting_Status) !== MEETING.CLOSED ? (
      <Space size={0}>
        <Popconfirm
          title={t('actions.advance')}
          onConfirm={() => advance(row)}
          okButtonProps={{ 'data-testid': 'pm-advance-ok' }}
        >
          <Button type="link" size="small" data-testid={`pm-advance-${row.Meeting_ID}`}>
            {t('actions.advance')}
          </Button>
        </Popconfirm>
      </Space>
    ) : null;
  return <EntityListPage def={def} {...props} rowActions={rowActions} />;
}
