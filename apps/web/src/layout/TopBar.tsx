import { Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from './LanguageSwitch';
import { TOPBAR_HEIGHT } from './theme';

export function TopBar() {
  const { t } = useTranslation();
  return (
    <Layout.Header style={{ lineHeight: `${TOPBAR_HEIGHT}px` }} data-testid="topbar">
      <Flex justify="space-between" align="center" style={{ height: TOPBAR_HEIGHT }}>
        <Link to="/dashboard" style={{ color: '#fff', fontSize: 16, fontWeight: 600 }}>
          {t('shell.appName')}
        </Link>
        <LanguageSwitch />
      </Flex>
    </Layout.Header>
  );
}
