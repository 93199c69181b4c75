import { CustomerServiceOutlined } from '@ant-design/icons';
import { useApi } from '@mes/engine-web/entity';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOGIN_CONFIG_KEY, shellApi } from '../session/api';
import { useSession } from '../session/session';

/** Contact page of the help menu: the company's service phone and customer-service link. */
export function Contact() {
  const { t } = useTranslation();
  const api = useApi();
  const { user } = useSession();
  const cfg = useQuery({ queryKey: LOGIN_CONFIG_KEY, queryFn: () => shellApi(api).loginConfig() });
  const link = cfg.data?.Service_Link || user.Service_Link;
  const phone = cfg.data?.Service_Phone || user.Service_Phone;
  return (
    <Card title={t('app.contact.title')} data-testid="contact">
      <Descriptions column={1} bordered size="middle" style={{ maxWidth: 640 }}>
        <Descriptions.Item label={t('app.contact.company')}>
          {cfg.data?.Company_Name || user.Company_Name}
        </Descriptions.Item>
        <Descriptions.Item label={t('app.contact.servicePhone')}>{phone || '–'}</Descriptions.Item>
        <Descriptions.Item label={t('app.contact.serviceLink')}>
          {link ? (
            <Button
              type="primary"
              icon={<CustomerServiceOutlined />}
              href={link}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('app.contact.open')}
            </Button>
          ) : (
            '–'
          )}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('app.contact.hours')}
      </Typography.Paragraph>
    </Card>
  );
}
