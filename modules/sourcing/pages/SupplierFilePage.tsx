import {
  EntityListPage,
  entityKeys,
  type ModulePageProps,
  type Row,
  useApi,
  useEntityDef,
} from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Form, Input, Modal, message, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { texts } from '../locales';

/** The supplier file: the generic list and form, the expiry warning list, and portal accounts. */
export function SupplierFilePage({ meta }: ModulePageProps) {
  const def = useEntityDef('Supplier');
  const label = useLabel();
  const t = useModuleText(texts);
  const api = useApi();
  const qc = useQueryClient();
  const [account, setAccount] = useState<Row | null>(null);
  const may = (b: string) => !meta.buttons || meta.buttons.includes(b);
  const expiring = useQuery({
    queryKey: ['srm', 'expiring'],
    queryFn: () => api.data<Row[]>('/Supplier/ExpiringDocuments', { query: { Days: 30 } }),
  });
  if (!def) return null;
  const rows = expiring.data ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {rows.length > 0 ? (
        <Collapse
          data-testid="expiring-documents"
          items={[
            {
              key: 'x',
              label: (
                <Alert type="warning" showIcon banner title={t('expiring.title', { count: rows.length })} />
              ),
              children: (
                <Table
                  size="small"
                  rowKey={(r) => `${r.Supplier_ID}-${r.Doc_Kind}-${r.Doc_NO}`}
                  pagination={{ pageSize: 10 }}
                  dataSource={rows}
                  columns={[
                    {
                      key: 's',
                      title: t('expiring.supplier'),
                      render: (_v, r) => `${r.Supplier_Code} ${r.Short_Name}`,
                    },
                    { key: 'k', title: t('expiring.kind'), dataIndex: 'Doc_Kind_Name' },
                    { key: 'n', title: t('expiring.no'), dataIndex: 'Doc_NO' },
                    { key: 'e', title: t('expiring.expiry'), dataIndex: 'Expiry_Date' },
                    {
                      key: 'd',
                      title: t('expiring.daysLeft'),
                      render: (_v, r) => {
                        const d = Number(r.Days_Left);
                        return d < 0 ? (
                          <Tag color="error">{t('expiring.expired', { days: -d })}</Tag>
                        ) : (
                          <Tag color={d <= 7 ? 'warning' : 'gold'}>{t('expiring.days', { days: d })}</Tag>
                        );
                      },
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      ) : (
        expiring.isSuccess && <Alert type="success" showIcon title={t('expiring.none')} />
      )}
      <EntityListPage
        def={def}
        title={label(meta.title)}
        buttons={meta.buttons ? new Set(meta.buttons) : undefined}
        rowActions={(row) =>
          !row.Portal_User_ID && may('edit') ? (
            <Button
              type="link"
              size="small"
              data-testid={`portal-account-${row.Supplier_ID}`}
              onClick={() => setAccount(row)}
            >
              {t('actions.portalAccount')}
            </Button>
          ) : null
        }
      />
      {account && (
        <AccountDialog
          supplier={account}
          onClose={() => setAccount(null)}
          onDone={async () => {
            setAccount(null);
            await qc.invalidateQueries({ queryKey: entityKeys.all('Supplier') });
          }}
        />
      )}
    </Space>
  );
}

function AccountDialog({
  supplier,
  onClose,
  onDone,
}: {
  supplier: Row;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const t = useModuleText(texts);
  const api = useApi();
  const [form] = Form.useForm<{ account: string; password: string }>();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await api.post('/Supplier/CreatePortalAccount', {
        Supplier_ID: supplier.Supplier_ID,
        User_Account: v.account.trim(),
        Pass_Word: v.password,
      });
      void message.success(t('account.done', { account: v.account.trim() }));
      await onDone();
    } catch {
      // the client has shown the server's message
    }
  };
  return (
    <Modal open title={t('account.title', { name: supplier.Short_Name })} onCancel={onClose} onOk={submit}>
      <Card size="small" variant="borderless">
        <Form
          form={form}
          layout="vertical"
          initialValues={{ account: String(supplier.Supplier_Code ?? '').toLowerCase() }}
        >
          <Form.Item
            name="account"
            label={t('account.account')}
            rules={[{ required: true, whitespace: true, message: t('account.accountRequired') }]}
          >
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('account.password')}
            rules={[{ required: true, min: 8, max: 128, message: t('account.passwordRule') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Card>
    </Modal>
  );
}
