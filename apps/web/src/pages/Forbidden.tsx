import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A shell route the user's menu does not grant (for example /apply without the user page). */
export function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle={`${t('app.forbidden.title')}: ${t('app.forbidden.text')}`}
      data-testid="forbidden"
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('shell.backHome')}
        </Button>
      }
    />
  );
}
