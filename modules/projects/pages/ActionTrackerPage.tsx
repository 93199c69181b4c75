import { authStorage } from '@mes/engine-web/api';
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
import { Button, Space } from 'antd';
import { actionTracker } from '../action.entity';
import { texts } from '../locales';

/**
 * 行动跟踪: the generic list (filters, export) with the two closing steps: the champion closes, the
 * supervisor then verifies. Each button shows to the one person who may take the step.
 */
export function ActionTrackerPage({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const def = useEntityDef(actionTracker.name);
  const props = useListProps(meta);
  const api = useApi();
  const qc = useQueryClient();
  const me = Number(authStorage().getUserId());
  if (!def) return null;
  const step = async (path: string, row: Row) => {
    try {
      await api.post(path, { Action_ID: row.Action_ID });
    } catch {
      // shown by the client
    }
    await qc.invalidateQueries({ queryKey: entityKeys.all(actionTracker.name) });
  };
  const rowActions = (row: Row) => (
    <Space size={0}>
      {!row.Closed && Number(row.Champion_ID) === me && (
        <Button
          type="link"
          size="small"
          data-testid={`pm-action-close-${row.Action_ID}`}
          onClick={() => step('/ActionTracker/Close', row)}
        >
          {t('actions.closeAction')}
        </Button>
      )}
      {!!row.Closed && !row.Verified && Number(row.Supervisor_ID) === me && (
        <Button
          type="link"
          size="small"
          data-testid={`pm-action-verify-${row.Action_ID}`}
          onClick={() => step('/ActionTracker/Verify', row)}
        >
          {t('actions.verify')}
        </Button>
      )}
    </Space>
  );
  return <EntityListPage def={def} {...props} rowActions={rowActions} />;
}
