import type { ModulePageProps } from '@mes/engine-web/entity';
import { EntityListPage, useEntityDef, useListProps } from '@mes/engine-web/entity';
import { SIDE } from '../ledger.entity';

const RECEIVABLE = { Side: SIDE.RECEIVABLE };
const PAYABLE = { Side: SIDE.PAYABLE };

/** 应收台账: the ledger's receivable rows, each with the customer's running balance. */
export function ReceivablePage({ meta }: ModulePageProps) {
  const def = useEntityDef('PartnerLedger');
  const props = useListProps(meta);
  return def ? <EntityListPage def={def} {...props} filters={RECEIVABLE} /> : null;
}

/** 应付台账: the ledger's payable rows, each with the supplier's running balance. */
export function PayablePage({ meta }: ModulePageProps) {
  const def = useEntityDef('PartnerLedger');
  const props = useListProps(meta);
  return def ? <EntityListPage def={def} {...props} filters={PAYABLE} /> : null;
}
