import { LockOutlined } from '@ant-design/icons';
import { useApi } from '@mes/engine-web/entity';
import { Alert, Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordFields, type PasswordValues } from '../layout/topbar/ChangePasswordDialog';
import { shellApi } from './api';
import { useSignOut } from './queries';

/**
 * Shown instead of the app while the signed-in user's password is an initial or reset one: the
 * server serves that session nothing else until it is changed. `onChanged` goes on to the app.
 */
export function ForcedPasswordChange(props: { userId: number; onChanged: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const api = useApi();
  const signOut = useSignOut();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (v: PasswordValues) => {
    setSaving(true);
    try {
      await shellApi(api).changePassword(props.userId, v.OldPwd, v.Pass_Word);
      await props.onChanged();
    } catch {
      // a refusal (wrong old password, a common one) was shown by the client; the form stays
    } finally {
      setSaving(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <section style={{ width: 'min(420px, 100%)' }} data-testid="forced-password">
        <Typography.Title level={3}>
          <LockOutlined /> {t('app.password.requiredTitle')}
        </Typography.Title>
        <Alert type="warning" showIcon title={t('app.password.requiredHint')} style={{ marginBottom: 16 }} />
        <PasswordFields form={form} onFinish={submit} withOld />
        <Button
          type="primary"
          block
          loading={saving}
          onClick={() => form.submit()}
          style={{ marginTop: 16 }}
          data-testid="forced-password-save"
        >
          {t('app.password.requiredSave')}
        </Button>
        <Button type="link" block onClick={() => void signOut()} data-testid="forced-password-signout">
          {t('app.password.signOut')}
        </Button>
      </section>
    </div>
  );
}
