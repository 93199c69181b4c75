import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { authStorage, isApiError } from '@mes/engine-web/api';
import { useApi } from '@mes/engine-web/entity';
import { Alert, Avatar, Button, Input } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { shellApi } from '../session/api';
import { lock, unlock } from '../session/cookies';
import { useSignOut } from '../session/queries';
import { useSession } from '../session/session';
import './login.css';

/**
 * The lock screen. The password is checked by signing in again with the user's account, which also
 * gives a fresh token; on success the user goes back to where they were.
 */
export function LockPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { user } = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => dayjs());

  useEffect(() => {
    // reaching this page by its address locks too, so that a reload cannot skip it
    lock('');
    const id = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(id);
  }, []);

  const submit = async () => {
    if (!password) return;
    setBusy(true);
    setError(null);
    try {
      const r = await shellApi(api).login(user.User_Account, password);
      authStorage().setToken(r.Data.token);
      authStorage().setAuthorization(`Bearer ${r.Data.token}`);
      navigate(unlock(), { replace: true });
    } catch (e) {
      setError(isApiError(e) ? e.message : t('errors.unknown'));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lock-page" data-testid="lock-page">
      <div className="lock-clock">
        <div className="lock-time">{now.format('HH:mm')}</div>
        <div className="lock-date">{now.format('YYYY-MM-DD dddd')}</div>
      </div>
      <div className="lock-card">
        <Avatar size={72} style={{ background: '#f0a020', fontSize: 30 }}>
          {user.User_Name?.slice(0, 1)}
        </Avatar>
        <div className="lock-name">{user.User_Name}</div>
        <div className="lock-hint">
          <LockOutlined /> {t('app.lock.title')} · {t('app.lock.hint')}
        </div>
        {error && (
          <Alert type="error" showIcon title={error} style={{ width: '100%' }} data-testid="lock-error" />
        )}
        <Input.Password
          size="large"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onPressEnter={() => void submit()}
          placeholder={t('app.login.password')}
          autoFocus
          autoComplete="current-password"
          data-testid="lock-password"
        />
        <Button
          type="primary"
          size="large"
          block
          icon={<UnlockOutlined />}
          loading={busy}
          disabled={!password}
          onClick={() => void submit()}
          data-testid="lock-unlock"
        >
          {t('app.lock.unlock')}
        </Button>
        <Button type="link" onClick={() => void signOut()} data-testid="lock-logout">
          {t('app.lock.other')}
        </Button>
      </div>
    </div>
  );
}
