import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLang } from '@mes/engine-web/i18n';
import { Button, Card } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PRIVACY_POLICY } from '../../content/privacyPolicy';
import { SERVICE_AGREEMENT } from '../../content/serviceAgreement';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { DocView } from './DocView';

/** /ServiceAgreement and /PrivacyPolicy: readable without signing in. */
export function Legal({ doc }: { doc: 'service' | 'privacy' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const content = (doc === 'service' ? SERVICE_AGREEMENT : PRIVACY_POLICY)[lang];
  useEffect(() => {
    document.title = content.title;
  }, [content.title]);
  return (
    <div
      style={{ minHeight: '100vh', background: '#f0f2f5', padding: '24px 16px' }}
      data-testid={`legal-${doc}`}
    >
      <div style={{ maxWidth: 920, margin: '0 auto' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 16 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/login')}>
            {t('app.legal.back')}
          </Button>
          <LanguageSwitch />
        </div>
        <Card>
          <DocView doc={content} anchors={false} />
        </Card>
      </div>
    </div>
  );
}
