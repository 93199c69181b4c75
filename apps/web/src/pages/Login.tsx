import {
  AppstoreOutlined,
  CheckCircleFilled,
  CustomerServiceOutlined,
  LockOutlined,
  PhoneOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { authStorage, isApiError } from '@mes/engine-web/api';
import { useApi } from '@mes/engine-web/entity';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConveyorStrip, FactoryBanner } from '../components/Illustrations';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { LOGIN_CONFIG_KEY, shellApi } from '../session/api';
import { unlock } from '../session/cookies';
import './login.css';

interface Values {
  User_Account: string;
  Pass_Word: string;
}

/** Only paths of this site are followed after sign-in. */
export function safeRedirect(r: string | null): string {
  return r?.startsWith('/') && !r.startsWith('//') && !r.startsWith('/login') ? r : '/dashboard';
}

/** The sign-in page: company, the LoginConfig switches (top and bottom picture, wording), credentials. */
export function Login() {
  const { t } = useTranslation();
  const api = useApi();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cfg = useQuery({ queryKey: LOGIN_CONFIG_KEY, queryFn: () => shellApi(api).loginConfig() });
  const flags = cfg.data?.SystemConfig ?? {};
  const company = cfg.data?.Company_Name || t('app.product');

  const submit = async (v: Values) => {
    setError(null);
    setBusy(true);
    try {
      const r = await shellApi(api).login(v.User_Account.trim(), v.Pass_Word);
      const store = authStorage();
      store.setUserId(String(r.Data.User_ID));
      store.setToken(r.Data.token);
      store.setAuthorization(`Bearer ${r.Data.token}`);
      unlock();
      // nothing of a previous user may linger in the cache
      qc.clear();
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      setError(isApiError(e) ? e.message : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page" data-testid="login-page">
      {flags.LoginTopPicture === 'Y' && <FactoryBanner />}
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <main className="login-center">
        <section className="login-card">
          <div className="login-brand">
            <div className="login-brand-logo">
              <AppstoreOutlined />
            </div>
            <h1 data-testid="login-company">{company}</h1>
            <p className="login-brand-product">{t('app.product')}</p>
            {flags.LoginWording === 'Y' && (
              <div className="login-wording" data-testid="login-wording">
                <h2>{t('app.login.wordingTitle')}</h2>
                {(['wording1', 'wording2', 'wording3', 'wording4'] as const).map((k) => (
                  <p key={k}>
                    <CheckCircleFilled /> {t(`app.login.${k}`)}
                  </p>
                ))}
              </div>
            )}
          </div>
          <div className="login-form">
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              {t('app.login.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" className="login-form-company">
              {cfg.data?.Company_ShortName || company}
            </Typography.Paragraph>
            {cfg.data?.Demo && (
              <Alert
                type="warning"
                showIcon
                title={t('app.login.demo')}
                style={{ marginBottom: 16 }}
                data-testid="login-demo"
              />
            )}
            {error && (
              <Alert
                type="error"
                showIcon
                title={error}
                style={{ marginBottom: 16 }}
                data-testid="login-error"
              />
            )}
            <Form<Values> layout="vertical" size="large" onFinish={submit} requiredMark={false}>
              <Form.Item
                name="User_Account"
                label={t('app.login.account')}
                rules={[{ required: true, whitespace: true, message: t('app.login.accountRequired') }]}
              >
                <Input
                  prefix={<UserOutlined />}
                  autoComplete="username"
                  autoFocus
                  maxLength={50}
                  data-testid="login-account"
                />
              </Form.Item>
              <Form.Item
                name="Pass_Word"
                label={t('app.login.password')}
                rules={[{ required: true, message: t('app.login.passwordRequired') }]}
              >
                <Input.Password
                  prefix={<LockOutlined />}
                  autoComplete="current-password"
                  maxLength={128}
                  data-testid="login-password"
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
                {t('app.login.submit')}
              </Button>
            </Form>
            <p className="login-agree">
              {t('app.login.agreePrefix')}{' '}
              <Link to="/ServiceAgreement">{t('app.login.serviceAgreement')}</Link> {t('app.login.and')}{' '}
              <Link to="/PrivacyPolicy">{t('app.login.privacyPolicy')}</Link>
            </p>
          </div>
        </section>
      </main>
      {flags.LoginBottomPicture === 'Y' && <ConveyorStrip />}
      <footer className="login-footer">
        {flags.TelConsult === 'Y' && cfg.data?.Service_Phone && (
          <span data-testid="login-phone">
            <PhoneOutlined /> {t('app.login.servicePhone')} {cfg.data.Service_Phone}
          </span>
        )}
        {flags.OnlineService === 'Y' && cfg.data?.Service_Link && (
          <a href={cfg.data.Service_Link} target="_blank" rel="noopener noreferrer">
            <CustomerServiceOutlined /> {t('app.login.onlineService')}
          </a>
        )}
        <span>{t('app.login.copyright', { year: new Date().getFullYear(), company })}</span>
      </footer>
    </div>
  );
}
