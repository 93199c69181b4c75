import { RocketOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * The dashboard's invitation to the set-up wizard, for a new database's administrator only, in antd
 * Alert's info look (`.dash-wizard` in dashboard.css): antd's Alert brought its notification styles
 * and 11 KB along on the first dashboard (issue 24).
 */
export function DashboardWizard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page-card dash-wizard" role="alert">
      <RocketOutlined className="dash-wizard-icon" />
      <div className="dash-wizard-text">
        <div className="dash-wizard-title">{t('app.dashboard.wizardTitle')}</div>
        <div>{t('app.dashboard.wizardText')}</div>
      </div>
      <button
        type="button"
        className="dash-button dash-button-primary"
        onClick={() => navigate('/navigation')}
        data-testid="dashboard-wizard"
      >
        {t('app.dashboard.wizardStart')}
      </button>
    </div>
  );
}
