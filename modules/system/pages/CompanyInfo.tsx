import { EditOutlined } from '@ant-design/icons';
import { authStorage } from '@mes/engine-web/api';
import { EntityFormDrawer, type ModulePageProps, useApi, useEntityDef } from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Spin } from 'antd';
import { useState } from 'react';
import { texts } from '../locales';
import { CompanyLogo } from './CompanyLogo';

type CompanyRow = Record<string, unknown> & { Company_ID: number };
/** The company fields of GET /Base/GetLoginInfo (the answer holds more). */
interface LoginCompany {
  Company_Name?: string;
  Company_ShortName?: string;
  Service_Phone?: string;
  Service_Link?: string;
}
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
export function CompanyInfo({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const def = useEntityDef('Company');
  const [editing, setEditing] = useState(false);
  const granted = !!meta.Menu_ID;
  const q = useQuery({
    queryKey: ['entity', 'Company', 'list', 'info'],
    queryFn: () => api.data<CompanyRow[]>('/Company', { query: { Page: 1, PageSize: 1 } }),
    enabled: granted,
  });
  // without the company page granted, the names and service contact come with the user's login info
  const userId = Number(authStorage().getUserId());
  const info = useQuery({
    queryKey: ['company', 'loginInfo', userId],
    queryFn: () => api.data<LoginCompany | null>('/Base/GetLoginInfo', { query: { User_ID: userId } }),
    enabled: !granted && userId > 0,
  });
  const row: Record<string, unknown> = q.data?.[0] ?? {
    Company_Name: info.data?.Company_Name,
    Company_ShortName: info.data?.Company_ShortName,
    Service_Phone: info.data?.Service_Phone,
    Service_Link: info.data?.Service_Link,
  };
  const mayEdit = granted && !!q.data?.[0] && (meta.buttons ?? []).includes('edit');
  const short = String(row.Company_ShortName ?? row.Company_Name ?? '');

  return (
    <Card
      title={t('company.title')}
      data-testid="company-info"
      extra={
        mayEdit && (
          <Button
            type="primary"
            icon={<EditOutlined />}
            onClick={() => setEditing(true)}
            data-testid="company-edit"
          >
            {t('company.edit')}
          </Button>
        )
      }
    >
      {(granted ? q.isPending : info.isPending && userId > 0) ? (
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
        <Alert type="info" showIcon title={t('company.readOnly')} style={{ marginTop: 16 }} />
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
