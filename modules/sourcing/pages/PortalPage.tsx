import { formatDateTime, type ModulePageProps, type Row, useApi } from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Result, Spin, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { texts } from '../locales';
import { OFFER_STATUSES } from '../offer.entity';
import { QuoteForm } from './QuoteForm';

export const OFFER_COLOR: Record<number, string> = {
  1: 'processing',
  2: 'blue',
  3: 'default',
  4: 'success',
  5: 'warning',
};

/** A supplier's portal account (users.u_type), the only kind of user the portal API answers. */
const SUPPLIER_ACCOUNT = 2;

/**
 * The supplier portal: its invited rounds to quote, and the history and result of every round. Staff
 * (an administrator sees every page) get what the page is for instead of a refused portal call.
 */
export function PortalPage({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const me = useQuery({
    queryKey: ['srm', 'portal', 'me'],
    queryFn: () => api.data<{ U_Type: number } | null>('/Base/GetLoginInfo'),
  });
  if (me.isPending) return <Spin data-testid="srm-portal-loading" />;
  if (me.data?.U_Type !== SUPPLIER_ACCOUNT)
    return (
      <Card title={label(meta.title)} data-testid="srm-portal-staff">
        <Result status="info" title={t('portal.staffTitle')} subTitle={t('portal.staffText')} />
      </Card>
    );
  return <SupplierOffers meta={meta} />;
}

function SupplierOffers({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['srm', 'portal', 'offers'],
    queryFn: () => api.data<Row[]>('/SRM/Portal/Offers', { query: { PageSize: 200 } }),
  });
  const statusTag = (v: unknown) => {
    const o = OFFER_STATUSES.find((x) => x.value === Number(v));
    return o ? (
      <Tag color={OFFER_COLOR[o.value]} data-testid="offer-status">
        {label(o.label)}
      </Tag>
    ) : null;
  };
  if (open)
    return (
      <QuoteForm
        offerId={open}
        onBack={() => {
          setOpen(null);
          void list.refetch();
        }}
        statusTag={statusTag}
      />
    );
  const rows = list.data ?? [];
  const table = (data: Row[]) => (
    <Table
      size="middle"
      rowKey="Offer_ID"
      dataSource={data}
      loading={list.isFetching}
      locale={{ emptyText: <Empty description={t('portal.none')} /> }}
      pagination={{ pageSize: 20 }}
      columns={[
        { key: 'sow', title: t('portal.sow'), dataIndex: 'Sow_NO' },
        { key: 'p', title: t('portal.project'), dataIndex: 'Project_Name' },
        { key: 'v', title: t('portal.vehicle'), dataIndex: 'Vehicle_Model' },
        { key: 'r', title: t('portal.round'), dataIndex: 'Round_NO', align: 'center' },
        {
          key: 'e',
          title: t('portal.end'),
          render: (_v, r) => formatDateTime(r.End_Time, 'minute'),
        },
        { key: 's', title: t('portal.status'), render: (_v, r) => statusTag(r.Offer_Status) },
        { key: 'a', title: t('portal.totalAmount'), dataIndex: 'Total_Amount', align: 'right' },
        {
          key: 'go',
          title: '',
          render: (_v, r) => (
            <Button
              type="link"
              data-testid={`portal-open-${r.Sow_NO}-${r.Round_NO}`}
              onClick={() => setOpen(Number(r.Offer_ID))}
            >
              {r.Editable ? t('portal.quote') : t('portal.view')}
            </Button>
          ),
        },
      ]}
    />
  );
  return (
    <Card title={label(meta.title)} data-testid="srm-portal">
      <Tabs
        items={[
          { key: 'open', label: t('portal.open'), children: table(rows.filter((r) => r.Editable)) },
          { key: 'all', label: t('portal.history'), children: table(rows) },
        ]}
      />
    </Card>
  );
}
