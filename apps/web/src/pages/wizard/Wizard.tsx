import { CheckCircleOutlined } from '@ant-design/icons';
import { EntityForm, type Row, useApi, useEntityDef } from '@mes/engine-web/entity';
import { systemPages } from '@mes/system/web';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Result, Space, Spin, Steps, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordFields, type PasswordValues } from '../../layout/topbar/ChangePasswordDialog';
import { TopBar } from '../../layout/topbar/TopBar';
import { shellApi } from '../../session/api';
import { useSession } from '../../session/session';
import { stepStatus } from '../../shell/rules';
import { EntityListRoute } from '../EntityPages';
import { Forbidden } from '../Forbidden';

const UserManagement = lazy(() => systemPages['setting.user']().then((c) => ({ default: c })));

const STEPS = ['stepCompany', 'stepDepartments', 'stepUsers', 'stepPassword'] as const;

/** /navigation: the system initialisation wizard, shown without the sidebar. */
export function Wizard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    document.title = t('app.wizard.title');
  }, [t]);
  const next = () => setCurrent((c) => c + 1);
  const done = current >= STEPS.length;

  return (
    <div className="shell">
      <TopBar />
      <main className="shell-page" data-testid="wizard">
        <Card style={{ maxWidth: 1200, margin: '0 auto' }}>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {t('app.wizard.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('app.wizard.intro')}</Typography.Paragraph>
          <Steps
            current={Math.min(current, STEPS.length - 1)}
            onChange={(i) => setCurrent(i)}
            style={{ margin: '24px 0' }}
            items={STEPS.map((key, i) => ({
              title: (
                <span data-testid={`wizard-step-${i}`} data-status={stepStatus(current, i)}>
                  {t(`app.wizard.${key}`)}
                </span>
              ),
              status: stepStatus(current, i),
            }))}
          />
          {!done && (
            <Typography.Paragraph style={{ fontSize: 15 }}>
              {t(`app.wizard.${STEPS[current]}Text`)}
            </Typography.Paragraph>
          )}
          {current === 0 && <CompanyStep onDone={next} />}
          {current === 1 && <DepartmentStep />}
          {current === 2 && <UsersStep />}
          {current === 3 && <PasswordStep onDone={next} />}
          {done && (
            <Result
              status="success"
              icon={<CheckCircleOutlined />}
              title={t('app.wizard.done')}
              extra={
                <Button type="primary" onClick={() => navigate('/dashboard')} data-testid="wizard-finish">
                  {t('app.wizard.finish')}
                </Button>
              }
            />
          )}
          {!done && (
            <Space style={{ marginTop: 24, display: 'flex', justifyContent: 'flex-end' }}>
              {current > 0 && (
                <Button onClick={() => setCurrent(current - 1)} data-testid="wizard-prev">
                  {t('app.wizard.prev')}
                </Button>
              )}
              <Button
                type={current === 1 || current === 2 ? 'primary' : 'default'}
                onClick={next}
                data-testid="wizard-next"
              >
                {current === 1 || current === 2 ? t('app.wizard.next') : t('app.wizard.skip')}
              </Button>
            </Space>
          )}
        </Card>
      </main>
    </div>
  );
}

function CompanyStep({ onDone }: { onDone: () => void }) {
  const api = useApi();
  const def = useEntityDef('Company');
  const rec = useQuery({
    queryKey: ['entity', 'Company', 'wizard'],
    queryFn: async () => {
      const list = await api.data<Row[]>('/Company', { query: { Page: 1, PageSize: 1 } });
      return list[0] ? api.data<Row>(`/Company/${list[0].Company_ID}`) : null;
    },
    staleTime: 0,
  });
  if (!def) return null;
  if (rec.isPending) return <Spin />;
  if (rec.isError) return <Forbidden />;
  return (
    <EntityForm
      key={String(rec.data?.Version ?? 'new')}
      def={def}
      record={rec.data ?? undefined}
      onSaved={onDone}
      onCancel={onDone}
    />
  );
}

function DepartmentStep() {
  const { routes } = useSession();
  const meta = routes.find((r) => r.Entity_Name === 'Department');
  return meta ? <EntityListRoute meta={meta} /> : <Forbidden />;
}

function UsersStep() {
  const { routes } = useSession();
  const meta = routes.find((r) => r.Menu_Code === 'setting.user');
  return meta ? (
    <Suspense fallback={<Spin />}>
      <UserManagement meta={meta} />
    </Suspense>
  ) : (
    <Forbidden />
  );
}

function PasswordStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const { userId } = useSession();
  const [form] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: PasswordValues) => {
    setBusy(true);
    try {
      await shellApi(api).changePassword(userId, v.OldPwd, v.Pass_Word);
      onDone();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ maxWidth: 410 }}>
      <PasswordFields form={form} onFinish={(v) => void submit(v)} withOld />
      <Button
        type="primary"
        loading={busy}
        onClick={() => form.submit()}
        style={{ marginTop: 16 }}
        data-testid="wizard-password-save"
      >
        {t('common.save')}
      </Button>
    </div>
  );
}
