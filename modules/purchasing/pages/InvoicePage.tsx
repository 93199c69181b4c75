import { EntityListPage, type ModulePageProps, useListProps } from '@mes/engine-web/entity';
import { purchaseInvoice } from '../invoice.entity';

/** 采购发票: the approved invoice registrations (采购开票 lists them all, drafts included). */
export function ApprovedInvoicePage({ meta }: ModulePageProps) {
  const props = useListProps(meta);
  return <EntityListPage def={purchaseInvoice} {...props} filters={APPROVED} />;
}

const APPROVED = { State: 3 } as const;
