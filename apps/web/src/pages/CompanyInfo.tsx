import { EditOutlined } from '@ant-design/icons';
import { EntityFormDrawer, useApi, useEntityDef } from '@mes/engine-web/entity';
import { useLabel } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session';
import { CompanyLogo } from './CompanyLogo';
import type { PageProps } from './registry';

type CompanyRow = Record<string, unknown> & { Company_ID: number };
const SHOWN = [
  'Company_Name',
  'Company_ShortName',
  'Company_Name_En',
  'Address',
  'Tel_Phone',
  'Website',
  'Tax_No',
  'Service_Phone',
  'Service_Link',
];

/** The one company row (GET /Company), with its logo mark and an edit form for those allowed to edit. */
export function CompanyInfo({ meta }: PageProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const api = useApi();
  const { user } = useSession();
  const def = useEntityDef('Company');
  const [editing, setEditing] = useState(false);
  const granted = !!meta.Menu_ID;
  const q = useQuery({
    queryKey: ['entity', 'Company', 'list', 'info'],
    queryFn: () => api.data<CompanyRow[]>('/Company', { query: { Page: 1, PageSize: 1 } }),
    enabled: granted,
  });
  const row: Record<string, unknown> = q.data?.[0] ?? {
    Company_Name: user.Company_Name,
    Company_ShortName: user.Company_ShortName,
    Service_Phone: user.Service_Phone,
    Service_Link: user.Service_Link,
  };
  const mayEdit = granted && !!q.data?.[0] && (meta.buttons ?? []).includes('edit');
  const short = String(row.Company_ShortName ?? row.Company_Name ?? '');

  return (
    <Card
      title={t('app.company.title')}
      data-testid="company-info"
      extra={
        mayEdit && (
          <Button
            type="primary"
            icon={<EditOutlined />}
            onClick={() => setEditing(true)}
            data-testid="company-edit"
          >
            {t('app.company.edit')}
          </Button>
        )
      }
    >
      {q.isPending && granted ? (
        <Spin />
      ) : (
        <Space align="start" size={32} wrap>
          <CompanyLogo
            companyId={q.data?.[0]?.Company_ID ?? null}
            initials={short.slice(0, 2)}
            mayEdit={mayEdit}
          />
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" style={{ minWidth: 320, flex: 1 }}>
            {SHOWN.map((name) => (
              <Descriptions.Item key={name} label={def?.fields[name] ? label(def.fields[name].label) : name}>
                <span data-testid={`company-${name}`}>{String(row[name] ?? '') || '–'}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Space>
      )}
      {!mayEdit && granted && q.data && (
        <Alert type="info" showIcon title={t('app.company.readOnly')} style={{ marginTop: 16 }} />
      )}
      {def && q.data?.[0] && (
        <EntityFormDrawer
          def={def}
          open={editing}
          id={q.data[0].Company_ID}
          onClose={() => setEditing(false)}
          onSaved={() => void q.refetch()}
        />
      )}
    </Card>
  );
}
