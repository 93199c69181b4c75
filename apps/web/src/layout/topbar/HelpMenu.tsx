import {
  BookOutlined,
  CustomerServiceOutlined,
  MessageOutlined,
  PhoneOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/session';
import type { RouteMeta } from '../../shell/menu';
import { TopIcon } from './TopIcon';

/** The UserQuestion page, when the user's menu has it: only then is feedback offered (spec part 1 §6). */
export function feedbackRoute(routes: readonly RouteMeta[]): RouteMeta | undefined {
  return routes.find((r) => /userquestion/i.test(r.path) || /userquestion/i.test(r.Menu_Code ?? ''));
}

/** Help: feedback, the help document, the contact page and the customer-service link of LoginConfig. */
export function HelpMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { routes, user } = useSession();
  const feedback = feedbackRoute(routes);
  const link = user.SystemConfig?.OnlineService !== 'N' ? user.Service_Link : undefined;
  const items: MenuProps['items'] = [
    ...(feedback
      ? [
          {
            key: 'feedback',
            icon: <MessageOutlined />,
            label: <span data-testid="help-feedback">{t('app.topbar.feedback')}</span>,
            onClick: () => navigate(feedback.path),
          },
        ]
      : []),
    {
      key: 'sop',
      icon: <BookOutlined />,
      label: <span data-testid="help-sop">{t('app.topbar.sop')}</span>,
      onClick: () => navigate('/SOP'),
    },
    {
      key: 'contact',
      icon: <PhoneOutlined />,
      label: <span data-testid="help-contact">{t('app.topbar.contact')}</span>,
      onClick: () => navigate('/home/contact'),
    },
    ...(link
      ? [
          {
            key: 'service',
            icon: <CustomerServiceOutlined />,
            label: (
              <a href={link} target="_blank" rel="noopener noreferrer" data-testid="help-service">
                {t('app.topbar.customerService')}
              </a>
            ),
          },
        ]
      : []),
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <TopIcon label={t('app.topbar.help')} testId="help-menu">
        <QuestionCircleOutlined />
      </TopIcon>
    </Dropdown>
  );
}
