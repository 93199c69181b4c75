import { EntityListPage, type ModulePageProps, type Row, useEntityDef } from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { COMPARE_PATH } from '../index';
import { texts } from '../locales';

/** Bid evaluations: the generic list; each opens its SOW's comparison, where it is approved. */
export function BidEvaluationPage({ meta }: ModulePageProps) {
  const def = useEntityDef('BidEvaluation');
  const label = useLabel();
  const t = useModuleText(texts);
  const navigate = useNavigate();
  if (!def) return null;
  return (
    <EntityListPage
      def={def}
      title={label(meta.title)}
      buttons={
        meta.buttons
          ? new Set(meta.buttons.filter((b) => b !== 'add'))
          : new Set(['edit', 'delete', 'export'])
      }
      rowActions={(row: Row) => (
        <Button type="link" size="small" onClick={() => navigate(`${COMPARE_PATH}?Sow_ID=${row.Sow_ID}`)}>
          {t('actions.compare')}
        </Button>
      )}
    />
  );
}
