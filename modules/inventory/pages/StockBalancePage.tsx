import type { ModulePageProps } from '@mes/engine-web/entity';
import { EntityListPage, useEntityDef, useListProps } from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { ReportTable } from '@mes/engine-web/report';
import { Tabs } from 'antd';
import { texts } from '../locales';

/** 库存余额: totals per material with value, and the balance per location and batch. */
export function StockBalancePage({ meta }: ModulePageProps) {
  const label = useLabel();
  const t = useModuleText(texts);
  const def = useEntityDef('StockBalance');
  const props = useListProps(meta);
  const title = label(meta.title);
  return (
    <Tabs
      items={[
        {
          key: 'material',
          label: t('byMaterial'),
          children: (
            <ReportTable
              title={title}
              path="/StockReport/ByMaterial"
              rowKey="Material_ID"
              testId="balance-by-material"
              columns={[
                { key: 'Material_Number', label: t('number'), width: 140 },
                { key: 'Material_Name', label: t('name'), width: 200 },
                { key: 'Unit_Name', label: t('unit') },
                { key: 'Qty', label: t('qty'), kind: 'decimal', sum: true },
                { key: 'Amount', label: t('amount'), kind: 'decimal', sum: true, scale: 2 },
                { key: 'Safety_Stock', label: t('safety'), kind: 'decimal' },
              ]}
            />
          ),
        },
        {
          key: 'detail',
          label: t('detail'),
          children: def ? <EntityListPage def={def} {...props} /> : null,
        },
      ]}
    />
  );
}
