import {
  EntityListPage,
  entityKeys,
  type ModulePageProps,
  type Row,
  useApi,
  useEntityDef,
  useListProps,
  useRecordOpener,
} from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { texts } from '../locales';
import { OPP_STATUS, opportunity } from '../opportunity.entity';
import { salesOrder } from '../order.entity';

const open = (r: Row) =>
  Number(r.State) !== 0 && ![OPP_STATUS.ABANDONED, OPP_STATUS.DEAL].includes(Number(r.Opp_Status) as 2 | 4);

/** 商机: the generic list, and 成交 on an open opportunity, which makes its sales order and opens it. */
export function OpportunityPage({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const def = useEntityDef(opportunity.name);
  const props = useListProps(meta);
  const api = useApi();
  const qc = useQueryClient();
  const opener = useRecordOpener();
  const { message } = App.useApp();
  const may = !meta.buttons || meta.buttons.includes('edit');
  if (!def) return null;
  return (
    <EntityListPage
      def={def}
      {...props}
      rowActions={(r) =>
        may && open(r) ? (
          <Popconfirm
            title={t('opportunity.dealConfirm')}
            onConfirm={async () => {
              try {
                const order = await api.data<Row>('/SalesOpportunity/Deal', {
                  method: 'POST',
                  body: { Opp_ID: r.Opp_ID },
                });
                message.success(t('opportunity.dealDone', { no: String(order.Order_NO) }));
                await qc.invalidateQueries({ queryKey: entityKeys.all(opportunity.name) });
                opener(salesOrder.name, Number(order.Sales_Order_ID))?.();
              } catch {
                // the api client shows the refusal
              }
            }}
          >
            <Button type="link" size="small" data-testid={`deal-${r.Opp_NO}`}>
              {t('opportunity.deal')}
            </Button>
          </Popconfirm>
        ) : null
      }
    />
  );
}
