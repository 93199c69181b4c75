import type { ModulePageProps } from '@mes/engine-web/entity';
import { EntityListPage, useEntityDef, useListProps } from '@mes/engine-web/entity';
import { STOCK_DOC_TYPE } from '../stockDoc.entity';

const SCRAP = { Doc_Type: STOCK_DOC_TYPE.SCRAP };
// movements that stand: a reversed issue and its reversal are left out (the ledger shows both)
const OUTBOUND = { Direction: -1, Is_Transfer: 'false', Unreversed: 'true' };

/** 报废: the stock documents of type scrap. */
export function ScrapPage({ meta }: ModulePageProps) {
  const def = useEntityDef('StockDoc');
  const props = useListProps(meta);
  return def ? <EntityListPage def={def} {...props} filters={SCRAP} /> : null;
}

/** 出库清单: every movement out of stock (issues, scrap, picking) that stands, transfers left out. */
export function OutboundPage({ meta }: ModulePageProps) {
  const def = useEntityDef('StockLedger');
  const props = useListProps(meta);
  return def ? <EntityListPage def={def} {...props} filters={OUTBOUND} /> : null;
}
