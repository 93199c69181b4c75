import { BankOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { authStorage } from '@mes/engine-web/api';
import { SUCCESS_TOAST_SECONDS, useApi } from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, message, Popconfirm, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { texts } from '../locales';

interface AttachmentRow {
  File_Code: string;
  File_Path: string;
}

/** Spec part 1 §7: the logo is the first image attachment of table CompanyInfor for the company row. */
export const LOGO_QUERY = (companyId: number) => ({
  Attachment_Type: 2,
  BZ_Code: companyId,
  BZ_Table: 'CompanyInfor',
});

/** The company logo, uploaded and removed by those who may edit the company. */
export function CompanyLogo(props: { companyId: number | null; initials: string; mayEdit: boolean }) {
  const { t } = useTranslation();
  const tt = useModuleText(texts);
  const api = useApi();
  const id = props.companyId;
  const logo = useQuery({
    queryKey: ['attachment', 'CompanyInfor', id],
    queryFn: () => api.data<AttachmentRow[]>('/Attachment', { query: LOGO_QUERY(id ?? 0) }),
    enabled: !!id,
  });
  const first = logo.data?.[0];
  const remove = async () => {
    if (!first) return;
    await api.delete(`/Attachment/${first.File_Code}`);
    void message.success(t('common.success'), SUCCESS_TOAST_SECONDS);
    await logo.refetch();
  };

  return (
    <Space orientation="vertical" align="center" size={8} data-testid="company-logo">
      {first ? (
        <img
          src={`/Attachment/GetImg/${first.File_Path}`}
          alt={tt('company.logo')}
          style={{
            width: 96,
            height: 96,
            objectFit: 'contain',
            border: '1px solid #ebeef5',
            borderRadius: 4,
          }}
        />
      ) : (
        <Avatar
          shape="square"
          size={96}
          style={{ background: '#3c8dbc', fontSize: 36 }}
          icon={props.initials ? undefined : <BankOutlined />}
        >
          {props.initials}
        </Avatar>
      )}
      {props.mayEdit && id && (
        <Space size={4}>
          <Upload
            action="/Attachment"
            accept=".png,.jpg,.jpeg,.gif"
            showUploadList={false}
            maxCount={1}
            headers={{ Authorization: authStorage().authorizationHeader() ?? '', Accept: 'application/json' }}
            data={{ BZ_Table: 'CompanyInfor', BZ_Code: String(id), Attachment_Type: '2' }}
            onChange={(info) => {
              if (info.file.status === 'done' || info.file.status === 'error') {
                const r = info.file.response as { Code?: number; Message?: string } | undefined;
                if (r?.Code === 0) {
                  void message.success(t('common.success'), SUCCESS_TOAST_SECONDS);
                  void logo.refetch();
                } else void message.error(r?.Message ?? t('errors.unknown'));
              }
            }}
          >
            <Button size="small" icon={<UploadOutlined />} data-testid="company-logo-upload">
              {tt('company.upload')}
            </Button>
          </Upload>
          {first && (
            <Popconfirm
              title={t('list.confirmDelete')}
              onConfirm={() => void remove()}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
            </Popconfirm>
          )}
        </Space>
      )}
    </Space>
  );
}
