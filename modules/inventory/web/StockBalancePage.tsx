import type { ModulePageProps } from '@mes/engine-web/entity';
import { EntityListPage, useEntityDef } from '@mes/engine-web/entity';
import { useLabel } from '@mes/engine-web/i18n';
import { ReportTable } from '@mes/engine-web/report';
import { Tabs } from 'antd';
import { useListProps } from './slices';

const L = {
  byMaterial: { zh: '按物料', en: 'By material' },
  detail: { zh: '按库位批次', en: 'By location and batch' },
  number: { zh: '物料编码', en: 'Material number' },
  name: { zh: '物料名称', en: 'Material name' },
  unit: { zh: '单位', en: 'Unit' },
  qty: { zh: '数量', en: 'Quantity' },
  amount: { zh: '金额', en: 'Value' },
  safety: { zh: '安全库存', en: 'Safety stock' },
};

/** 库存余额: totals per material with value, and the balance per location and batch. */
export function StockBalancePage({ meta }: ModulePageProps) {
  const label = useLabel();
  const def = useEntityDef('StockBalance');
  const props = useListProps(meta);
  const title = label(meta.title);
  return (
    <Tabs
      items={[
        {
          key: 'material',
          label: label(L.byMaterial),
          children: (
            <ReportTable
              title={title}
              path="/StockReport/ByMaterial"
              rowKey="Material_ID"
              testId="balance-by-material"
              columns={[
                { key: 'Material_Number', label: L.number, width: 140 },
                { key: 'Material_Name', label: L.name, width: 200 },
                { key: 'Unit_Name', label: L.unit },
                { key: 'Qty', label: L.qty, kind: 'decimal', sum: true },
                { key: 'Amount', label: L.amount, kind: 'decimal', sum: true, scale: 2 },
                { key: 'Safety_Stock', label: L.safety, kind: 'decimal' },
              ]}
            />
          ),
        },
        {
          key: 'detail',
          label: label(L.detail),
          children: def ? <EntityListPage def={def} {...props} /> : null,
        },
      ]}
    />
  );
}
