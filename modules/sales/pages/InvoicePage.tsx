import { EntityListPage, type ModulePageProps, useEntityDef, useListProps } from '@mes/engine-web/entity';
import { STATE } from '@mes/model';
import { salesInvoice } from '../invoice.entity';

const APPROVED = { State: STATE.APPROVED };

/** 销售发票: the invoices of 销售开票 once approved (where the approval flow's route rewrite leads). */
export function InvoicePage({ meta }: ModulePageProps) {
  const def = useEntityDef(salesInvoice.name);
  const props = useListProps(meta);
  return def ? <EntityListPage def={def} {...props} filters={APPROVED} /> : null;
}
