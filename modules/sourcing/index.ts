import { supplier } from '@mes/masterdata';
import { defineModule, type MenuPage } from '@mes/model';
import { bidEvaluation, materialPriceHistory } from './bidEvaluation.entity';
import { offer } from './offer.entity';
import { sow } from './sow.entity';

const page = (code: string, zh: string, en: string, path: string, entity?: string): MenuPage => ({
  code: `SRM.${code}`,
  label: { zh, en },
  path,
  entity,
});

/** Menu codes the routes and pages refer to. */
export const SRM_MENU = {
  supplierFile: 'SRM.supplierFile',
  sow: 'SRM.sow',
  offer: 'SRM.offer',
  bidEvaluation: 'SRM.bidEvaluation',
  compare: 'SRM.compare',
  portalQuote: 'SRM.portalQuote',
} as const;

export const PORTAL_PATH = '/SRM/portal/quotation';
export const COMPARE_PATH = '/SRM/compare';

/** Sourcing (SRM): supplier files, SOW with offer rounds, supplier quotations, bid evaluation, the portal. */
export const sourcingModule = defineModule({
  code: 'SRM',
  label: { zh: '寻源管理', en: 'Sourcing' },
  icon: 'solution',
  order: 13,
  entities: [sow, offer, bidEvaluation, materialPriceHistory],
  menu: [
    {
      code: 'SRM.main',
      label: { zh: '寻源', en: 'Sourcing' },
      pages: [
        page('supplierFile', '供应商档案', 'Suppliers', '/SRM/supplierFile', supplier.name),
        page('sow', '工作说明书 (SOW)', 'Statement of work (SOW)', '/SRM/sow', sow.name),
        page('offer', '供应商报价', 'Supplier quotations', '/SRM/offer', offer.name),
        page('compare', '比价分析', 'Quotation comparison', COMPARE_PATH, bidEvaluation.name),
        page('bidEvaluation', '评标', 'Bid evaluation', '/SRM/bidEvaluation', bidEvaluation.name),
        page(
          'priceHistory',
          '物料价格历史',
          'Material price history',
          '/SRM/priceHistory',
          materialPriceHistory.name,
        ),
      ],
    },
    {
      code: 'SRM.portal',
      label: { zh: '供应商门户', en: 'Supplier portal' },
      pages: [page('portalQuote', '我的报价', 'My quotations', PORTAL_PATH)],
    },
  ],
});

export * from './bidEvaluation.entity';
export * from './logic/compare';
export * from './logic/status';
export * from './offer.entity';
export * from './sow.entity';
export { bidEvaluation, materialPriceHistory, offer, sow };
