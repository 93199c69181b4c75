import { useApi } from '@mes/engine-web/entity';
import { Alert, Form, Input, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableModal } from '../../components/DraggableModal';
import { shellApi } from '../../session/api';
import { PASSWORD_MAX, PASSWORD_MIN, SUCCESS_TOAST_SECONDS } from '../../shell/rules';

interface Values {
  OldPwd: string;
  Pass_Word: string;
}

/** Two fields, old and new password, each can be shown or hidden (spec part 1 §5); 410 px, draggable. */
export function ChangePasswordDialog(props: { open: boolean; userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      await shellApi(api).changePassword(props.userId, v.OldPwd, v.Pass_Word);
      void message.success(t('common.success'), SUCCESS_TOAST_SECONDS);
      form.resetFields();
      props.onClose();
    } catch {
      // a Code 1 (wrong old password, same password) was shown by the client; the dialog stays open
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableModal
      title={t('app.password.title')}
      open={props.open}
      onCancel={() => {
        form.resetFields();
        props.onClose();
      }}
      onOk={() => form.submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'password-save' }}
      destroyOnHidden
      data-testid="password-dialog"
    >
      <PasswordFields form={form} onFinish={submit} withOld />
    </DraggableModal>
  );
}

/** The fields of both the change and the reset dialog. */
export function PasswordFields(props: {
  form: ReturnType<typeof Form.useForm<Values>>[0];
  onFinish: (v: Values) => void;
  withOld?: boolean;
}) {
  const { t } = useTranslation();
  const length = {
    min: PASSWORD_MIN,
    max: PASSWORD_MAX,
    message: t('app.password.length', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
  };
  return (
    <Form<Values> form={props.form} layout="vertical" onFinish={props.onFinish} requiredMark={false}>
      {props.withOld && (
        <Form.Item
          name="OldPwd"
          label={t('app.password.old')}
          rules={[{ required: true, message: t('app.password.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
      )}
      <Form.Item
        name="Pass_Word"
        label={t('app.password.new')}
        dependencies={['OldPwd']}
        rules={[
          { required: true, message: t('app.password.newRequired') },
          length,
          ({ getFieldValue }) => ({
            validator: (_r, v) =>
              props.withOld && v && v === getFieldValue('OldPwd')
                ? Promise.reject(new Error(t('app.password.same')))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      {props.withOld && <Alert type="info" showIcon title={t('app.password.hint')} />}
    </Form>
  );
}

export type { Values as PasswordValues };
