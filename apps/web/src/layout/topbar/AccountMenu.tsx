import { BankOutlined, DownOutlined, KeyOutlined, LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { lock } from '../../session/cookies';
import { useSignOut } from '../../session/queries';
import { useSession } from '../../session/session';

// antd's form and modal come when the dialog is first opened, not with every signed-in page (issue 24)
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** Account menu: company information, change password, lock screen, sign out. */
export function AccountMenu({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { user, userId } = useSession();
  const signOut = useSignOut();
  const [pwdOpen, setPwdOpen] = useState(false);
  // mounted from the first opening on, so that it can close with its animation
  const [pwdUsed, setPwdUsed] = useState(false);

  const items: MenuProps['items'] = [
    {
      key: 'company',
      icon: <BankOutlined />,
      label: <span data-testid="account-company">{t('app.topbar.companyInfo')}</span>,
      onClick: () => navigate('/home/AccountCenter/CompanyInfor'),
    },
    {
      key: 'password',
      icon: <KeyOutlined />,
      label: <span data-testid="account-password">{t('app.topbar.changePassword')}</span>,
      onClick: () => {
        setPwdUsed(true);
        setPwdOpen(true);
      },
    },
    {
      key: 'lock',
      icon: <LockOutlined />,
      label: <span data-testid="account-lock">{t('app.topbar.lockScreen')}</span>,
      onClick: () => {
        lock(`${location.pathname}${location.search}`);
        navigate('/lockPage');
      },
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      danger: true,
      label: <span data-testid="account-logout">{t('app.topbar.signOut')}</span>,
      onClick: () => void signOut(),
    },
  ];
  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
        <button
          type="button"
          className="topbar-account"
          data-testid="account-menu"
          aria-label={t('app.topbar.account')}
        >
          {/* antd Avatar's look, plain (.topbar-avatar in shell.css) */}
          <span className="topbar-avatar">{user.User_Name?.slice(0, 1) || '?'}</span>
          {!compact && <span className="topbar-account-name">{user.User_Name}</span>}
          {!compact && <DownOutlined style={{ fontSize: 10 }} />}
        </button>
      </Dropdown>
      {pwdUsed && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={pwdOpen} userId={userId} onClose={() => setPwdOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
