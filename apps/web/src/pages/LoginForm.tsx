import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Glyph, type GlyphName } from './loginGlyphs';

export interface LoginValues {
  User_Account: string;
  Pass_Word: string;
}
type Field = keyof LoginValues;

/** The rules antd's form had: an account that is not blank, a password that is not empty. */
function validate(v: LoginValues): Partial<Record<Field, string>> {
  const e: Partial<Record<Field, string>> = {};
  if (!v.User_Account.trim()) e.User_Account = 'app.login.accountRequired';
  if (!v.Pass_Word) e.Pass_Word = 'app.login.passwordRequired';
  return e;
}

/** A warning or error box with its icon, as antd's Alert showed it. */
export function Notice({
  kind,
  testId,
  children,
}: {
  kind: 'warning' | 'error';
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className={`login-notice login-notice-${kind}`} role="alert" data-testid={testId}>
      <Glyph
        name={kind === 'error' ? 'CloseCircleFilled' : 'ExclamationCircleFilled'}
        className="login-notice-icon"
      />
      <span>{children}</span>
    </div>
  );
}

interface InputProps {
  id: string;
  label: string;
  icon: GlyphName;
  error?: string;
  children: ReactNode;
  suffix?: ReactNode;
}
function Item({ id, label, icon, error, children, suffix }: InputProps) {
  return (
    <div className={error ? 'login-item login-item-error' : 'login-item'}>
      <label htmlFor={id}>{label}</label>
      <span className="login-input">
        <Glyph name={icon} className="login-input-prefix" />
        {children}
        {suffix}
      </span>
      <div className="login-explain" id={`${id}-help`} role="alert">
        {error}
      </div>
    </div>
  );
}

/**
 * Account and password with their validation messages, in plain elements: the sign-in page loads no
 * antd (issue 24). Validation runs on every change of a field once touched and on submit, like antd's.
 */
export function LoginForm({ busy, onSubmit }: { busy: boolean; onSubmit: (v: LoginValues) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<LoginValues>({ User_Account: '', Pass_Word: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [shown, setShown] = useState(false);
  const errors = validate(values);
  const errorOf = (f: Field) => (touched[f] && errors[f] ? t(errors[f]) : undefined);

  const change = (f: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    setTouched((x) => ({ ...x, [f]: true }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ User_Account: true, Pass_Word: true });
    if (Object.keys(errors).length === 0 && !busy) onSubmit(values);
  };
  const fieldProps = (f: Field) => ({
    id: `${id}-${f}`,
    name: f,
    value: values[f],
    onChange: change(f),
    'aria-invalid': !!errorOf(f),
    'aria-describedby': `${id}-${f}-help`,
  });

  return (
    <form className="login-fields" onSubmit={submit} noValidate>
      <Item
        id={`${id}-User_Account`}
        label={t('app.login.account')}
        icon="UserOutlined"
        error={errorOf('User_Account')}
      >
        <input
          {...fieldProps('User_Account')}
          autoComplete="username"
          // biome-ignore lint/a11y/noAutofocus: the sign-in page has nothing else to do (antd's form had it too)
          autoFocus
          maxLength={50}
          data-testid="login-account"
        />
      </Item>
      <Item
        id={`${id}-Pass_Word`}
        label={t('app.login.password')}
        icon="LockOutlined"
        error={errorOf('Pass_Word')}
        suffix={
          <button
            type="button"
            className="login-eye"
            aria-label={t(shown ? 'app.login.hidePassword' : 'app.login.showPassword')}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            <Glyph name={shown ? 'EyeOutlined' : 'EyeInvisibleOutlined'} />
          </button>
        }
      >
        <input
          {...fieldProps('Pass_Word')}
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          maxLength={128}
          data-testid="login-password"
        />
      </Item>
      <button
        type="submit"
        className="login-submit"
        aria-busy={busy}
        disabled={busy}
        data-testid="login-submit"
      >
        {busy && <span className="login-spin" aria-hidden="true" />}
        {t('app.login.submit')}
      </button>
    </form>
  );
}
