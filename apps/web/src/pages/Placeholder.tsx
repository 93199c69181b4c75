import { ToolOutlined } from '@ant-design/icons';
import { useLabel } from '@mes/engine-web/i18n';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteMeta } from '../shell/menu';

/** A menu page whose module is not built yet (spec part 1 §8: 功能正在开发中). */
export function Placeholder({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <Card title={label(meta.title)} data-testid="placeholder">
      <Result
        icon={<ToolOutlined style={{ color: '#3c8dbc' }} />}
        title={t('common.inDevelopment')}
        subTitle={t('app.placeholder.text')}
      />
    </Card>
  );
}
