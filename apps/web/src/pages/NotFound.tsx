import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Any path that is no route of this user lands here (spec part 1 §2). */
export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Result
        status="404"
        title="404"
        subTitle={`${t('shell.notFoundTitle')}: ${t('shell.notFoundText')}`}
        data-testid="not-found"
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')} data-testid="not-found-home">
            {t('shell.backHome')}
          </Button>
        }
      />
    </div>
  );
}
