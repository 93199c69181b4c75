import {
  EntityListPage,
  type ModulePageProps,
  type Row,
  useApi,
  useEntityDef,
  useListProps,
} from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Table } from 'antd';
import { texts } from '../locales';
import { accessoriesBill } from '../machine.entity';

/** 配件清单: the warning list of critical spares below their minimum stock, above the bills. */
export function AccessoriesPage({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const api = useApi();
  const def = useEntityDef(accessoriesBill.name);
  const props = useListProps(meta);
  const warnings = useQuery({
    queryKey: ['em', 'warnings'],
    queryFn: async () => (await api.get<Row[]>('/AccessoriesBill/Warnings')).Data,
  });
  const rows = warnings.data ?? [];
  return (
    <>
      <Card size="small" title={t('warnings.title')} style={{ marginBottom: 12 }} data-testid="em-warnings">
        {rows.length ? (
          <Table
            size="small"
            rowKey="Bill_ID"
            pagination={{ pageSize: 5 }}
            dataSource={rows}
            columns={[
              { title: t('warnings.machine'), render: (_, r: Row) => `${r.Machine_Code} ${r.Machine_Name}` },
              { title: t('warnings.part'), render: (_, r: Row) => `${r.Material_Number} ${r.Material_Name}` },
              { title: t('warnings.onHand'), dataIndex: 'On_Hand', align: 'right' },
              { title: t('warnings.min'), dataIndex: 'Min_Stock', align: 'right' },
            ]}
          />
        ) : (
          <Alert type="success" title={t('warnings.none')} />
        )}
      </Card>
      {def && <EntityListPage def={def} {...props} />}
    </>
  );
}
