import { EntityListPage, type ModulePageProps, type Row, useEntityDef } from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { COMPARE_PATH } from '../index';
import { texts } from '../locales';

/**
 * What the list and its form offer: an award is made on the comparison page (no add here), and an
 * approved award has been told to the suppliers, which the server never takes back (beforeUnapprove
 * refuses it): 反审核 is not offered (issue 25, bug 12).
 */
export function bidButtons(granted: readonly string[] | undefined): ReadonlySet<string> {
  return new Set((granted ?? ['edit', 'delete', 'export']).filter((b) => b !== 'add' && b !== 'unapprove'));
}

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
      buttons={bidButtons(meta.buttons)}
      rowActions={(row: Row) => (
        <Button type="link" size="small" onClick={() => navigate(`${COMPARE_PATH}?Sow_ID=${row.Sow_ID}`)}>
          {t('actions.compare')}
        </Button>
      )}
    />
  );
}
