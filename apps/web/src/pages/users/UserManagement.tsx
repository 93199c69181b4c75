import { CheckCircleOutlined, KeyOutlined, StopOutlined } from '@ant-design/icons';
import { authStorage } from '@mes/engine-web/api';
import { EntityListPage, entityKeys, type Row, useApi, useEntityDef } from '@mes/engine-web/entity';
import { useLabel } from '@mes/engine-web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, message, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableModal } from '../../components/DraggableModal';
import { PasswordFields, type PasswordValues } from '../../layout/topbar/ChangePasswordDialog';
import { shellApi } from '../../session/api';
import { useSession } from '../../session/session';
import { SUCCESS_TOAST_SECONDS } from '../../shell/rules';
import { Placeholder } from '../Placeholder';
import type { PageProps } from '../registry';

export const USER_PAGE_CODE = 'setting.user';

/** The user page (/setting/user, reused at /apply): the generic Users list plus reset password and disable. */
export function UserManagement({ meta }: PageProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const api = useApi();
  const qc = useQueryClient();
  const def = useEntityDef('Users');
  const { routes } = useSession();
  const [resetting, setResetting] = useState<Row | null>(null);
  const [form] = Form.useForm<PasswordValues>();
  // at /apply the meta is the shell route's: the buttons come from the user page of the menu
  const page = routes.find((r) => r.Menu_Code === USER_PAGE_CODE);
  const buttons = meta.buttons ?? page?.buttons;
  const mayEdit = !buttons || buttons.includes('edit');
  if (!def) return <Placeholder meta={meta} />;

  const toggleDisabled = async (row: Row) => {
    await api.put('/Users', { User_ID: row.User_ID, Version: row.Version, Disabled: !row.Disabled });
    void message.success(t('common.success'), SUCCESS_TOAST_SECONDS);
    await qc.invalidateQueries({ queryKey: entityKeys.all('Users') });
  };
  const reset = async (v: PasswordValues) => {
    if (!resetting) return;
    await shellApi(api).resetPassword(Number(resetting.User_ID), v.Pass_Word);
    void message.success(t('common.success'), SUCCESS_TOAST_SECONDS);
    form.resetFields();
    setResetting(null);
  };

  return (
    <>
      <EntityListPage
        def={def}
        title={label(meta.title)}
        buttons={buttons ? new Set(buttons) : undefined}
        menuId={meta.Menu_ID ?? page?.Menu_ID}
        userId={Number(authStorage().getUserId()) || undefined}
        rowActions={(row) =>
          mayEdit && (
            <>
              <Button
                type="link"
                size="small"
                icon={<KeyOutlined />}
                onClick={() => setResetting(row)}
                data-testid={`user-reset-${row.User_ID}`}
              >
                {t('app.password.reset')}
              </Button>
              <Popconfirm
                title={t(row.Disabled ? 'app.users.confirmEnable' : 'app.users.confirmDisable', {
                  name: row.User_Name,
                })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                okButtonProps={{ 'data-testid': 'user-disable-confirm' }}
                onConfirm={() => toggleDisabled(row).catch(() => {})}
              >
                <Button
                  type="link"
                  size="small"
                  danger={!row.Disabled}
                  icon={row.Disabled ? <CheckCircleOutlined /> : <StopOutlined />}
                  data-testid={`user-disable-${row.User_ID}`}
                >
                  {row.Disabled ? t('app.users.enable') : t('app.users.disable')}
                </Button>
              </Popconfirm>
            </>
          )
        }
      />
      <DraggableModal
        title={t('app.password.resetTitle', { name: resetting?.User_Name ?? '' })}
        open={!!resetting}
        onCancel={() => {
          form.resetFields();
          setResetting(null);
        }}
        onOk={() => form.submit()}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ 'data-testid': 'reset-save' }}
        destroyOnHidden
      >
        <p style={{ color: '#909399' }}>{t('app.password.resetHint')}</p>
        <PasswordFields form={form} onFinish={(v) => void reset(v).catch(() => {})} />
      </DraggableModal>
    </>
  );
}
