import { CheckCircleOutlined, KeyOutlined, StopOutlined } from '@ant-design/icons';
import { authStorage } from '@mes/engine-web/api';
import {
  DraggableModal,
  EntityListPage,
  entityKeys,
  type ModulePageProps,
  type Row,
  SUCCESS_TOAST_SECONDS,
  useApi,
  useEntityDef,
} from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { PASSWORD_MAX, PASSWORD_MIN } from '@mes/model';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, message, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { texts } from '../locales';

interface ResetValues {
  Pass_Word: string;
}

/**
 * The user page (/setting/user, reused at /apply and in the wizard, where the shell lends it the user
 * page's buttons): the generic Users list plus reset password and disable.
 */
export function UserManagement({ meta }: ModulePageProps) {
  const { t } = useTranslation();
  const tt = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const qc = useQueryClient();
  const def = useEntityDef('Users');
  const [resetting, setResetting] = useState<Row | null>(null);
  const [form] = Form.useForm<ResetValues>();
  const buttons = meta.buttons;
  const mayEdit = !buttons || buttons.includes('edit');
  if (!def) return null;

  const toggleDisabled = async (row: Row) => {
    await api.put('/Users', { User_ID: row.User_ID, Version: row.Version, Disabled: !row.Disabled });
    void message.success(t('common.success'), SUCCESS_TOAST_SECONDS);
    await qc.invalidateQueries({ queryKey: entityKeys.all('Users') });
  };
  const reset = async (v: ResetValues) => {
    if (!resetting) return;
    await api.post('/Users/ResetPwd', { User_ID: Number(resetting.User_ID), Pass_Word: v.Pass_Word });
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
        menuId={meta.Menu_ID}
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
                {tt('password.reset')}
              </Button>
              <Popconfirm
                title={tt(row.Disabled ? 'users.confirmEnable' : 'users.confirmDisable', {
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
                  {row.Disabled ? tt('users.enable') : tt('users.disable')}
                </Button>
              </Popconfirm>
            </>
          )
        }
      />
      <DraggableModal
        title={tt('password.resetTitle', { name: resetting?.User_Name ?? '' })}
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
        <p style={{ color: '#909399' }}>{tt('password.resetHint')}</p>
        <Form<ResetValues>
          form={form}
          layout="vertical"
          onFinish={(v) => void reset(v).catch(() => {})}
          requiredMark={false}
        >
          <Form.Item
            name="Pass_Word"
            label={tt('password.new')}
            rules={[
              { required: true, message: tt('password.newRequired') },
              {
                min: PASSWORD_MIN,
                max: PASSWORD_MAX,
                message: tt('password.length', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="password-new" />
          </Form.Item>
        </Form>
      </DraggableModal>
    </>
  );
}
