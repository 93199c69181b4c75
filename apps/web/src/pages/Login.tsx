import { authStorage, isApiError } from '@mes/engine-web/api';
import { useApi } from '@mes/engine-web/entity';
import { setLanguage, useLang } from '@mes/engine-web/i18n';
import type { Lang } from '@mes/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConveyorStrip, FactoryBanner } from '../components/Illustrations';
import { LOGIN_CONFIG_KEY, shellApi } from '../session/api';
import { unlock } from '../session/cookies';
import { LoginForm, type LoginValues, Notice } from './LoginForm';
import { Glyph } from './loginGlyphs';
import './login.css';

/** zh / en, as the shell's switch (antd's Segmented) shows it, in plain radio inputs. */
function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const option = (value: Lang, label: string) => (
    <label className={lang === value ? 'login-seg-item login-seg-selected' : 'login-seg-item'}>
      <input
        type="radio"
        name="login-lang"
        className="login-seg-input"
        checked={lang === value}
        onChange={() => void setLanguage(value)}
      />
      <span data-testid={`lang-${value}`}>{label}</span>
    </label>
  );
  return (
    <div className="login-seg" role="radiogroup" aria-label={t('shell.language')} data-testid="lang-switch">
      {option('zh', t('shell.zh'))}
      {option('en', t('shell.en'))}
    </div>
  );
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

  const submit = async (v: LoginValues) => {
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
              <Glyph name="AppstoreOutlined" />
            </div>
            <h1 data-testid="login-company">{company}</h1>
            <p className="login-brand-product">{t('app.product')}</p>
            {flags.LoginWording === 'Y' && (
              <div className="login-wording" data-testid="login-wording">
                <h2>{t('app.login.wordingTitle')}</h2>
                {(['wording1', 'wording2', 'wording3', 'wording4'] as const).map((k) => (
                  <p key={k}>
                    <Glyph name="CheckCircleFilled" /> {t(`app.login.${k}`)}
                  </p>
                ))}
              </div>
            )}
          </div>
          <div className="login-form">
            <h3 className="login-title">{t('app.login.title')}</h3>
            <p className="login-form-company">{cfg.data?.Company_ShortName || company}</p>
            {cfg.data?.Demo && (
              <Notice kind="warning" testId="login-demo">
                {t('app.login.demo')}
              </Notice>
            )}
            {error && (
              <Notice kind="error" testId="login-error">
                {error}
              </Notice>
            )}
            <LoginForm busy={busy} onSubmit={(v) => void submit(v)} />
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
            <Glyph name="PhoneOutlined" /> {t('app.login.servicePhone')} {cfg.data.Service_Phone}
          </span>
        )}
        {flags.OnlineService === 'Y' && cfg.data?.Service_Link && (
          <a href={cfg.data.Service_Link} target="_blank" rel="noopener noreferrer">
            <Glyph name="CustomerServiceOutlined" /> {t('app.login.onlineService')}
          </a>
        )}
        <span>{t('app.login.copyright', { year: new Date().getFullYear(), company })}</span>
      </footer>
    </div>
  );
}
