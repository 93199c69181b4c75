import {
  AppstoreOutlined,
  BookOutlined,
  DashboardOutlined,
  EllipsisOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  PhoneOutlined,
  ScheduleOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../session/session';
import { LanguageSwitch } from '../LanguageSwitch';
import { AccountMenu } from './AccountMenu';
import { FullscreenButton } from './Fullscreen';
import { FAST_SEARCH_PATH, HeaderSearch } from './HeaderSearch';
import { HelpMenu } from './HelpMenu';
import { MessageBell, NeedDoIcon } from './MessageBell';
import { TopIcon } from './TopIcon';

export const BOARD_HOME_PATH = '/BoardHomePage';
const openBoard = () => window.open(BOARD_HOME_PATH, '_blank', 'noopener');

export interface TopBarProps {
  /** Width of the brand block, the sidebar's width on a desktop so that the two line up. */
  brandWidth?: number;
  sidebarOpen?: boolean;
  onToggleSidebar?: () => void;
  mobile?: boolean;
}

/** The 50 px blue bar (spec part 1 §2 "Shell", §9 colours). */
export function TopBar({ brandWidth, sidebarOpen, onToggleSidebar, mobile }: TopBarProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const short = user.Company_ShortName || t('app.product');
  return (
    <header className="topbar" data-testid="topbar">
      <Link
        to="/dashboard"
        className="topbar-brand"
        style={{ width: mobile ? undefined : brandWidth }}
        data-testid="topbar-company"
        title={user.Company_Name}
      >
        <span className="topbar-logo">
          <AppstoreOutlined />
        </span>
        {(mobile || (brandWidth ?? 180) > 60) && <span className="topbar-brand-name">{short}</span>}
      </Link>
      {onToggleSidebar && (
        <TopIcon label={t('app.topbar.toggleSidebar')} testId="sidebar-toggle" onClick={onToggleSidebar}>
          {sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        </TopIcon>
      )}
      <div style={{ flex: 1 }} />
      {/* on a narrow screen too: an icon that opens the search across the bar */}
      <HeaderSearch narrow={mobile} />
      {!mobile && <FullscreenButton />}
      {!mobile && <NeedDoIcon />}
      <MessageBell />
      {!mobile && (
        <Tooltip title={t('app.topbar.kanban')}>
          <TopIcon label={t('app.topbar.kanban')} testId="kanban-link" onClick={openBoard}>
            <DashboardOutlined />
          </TopIcon>
        </Tooltip>
      )}
      {!mobile && <HelpMenu />}
      {mobile && <MoreMenu />}
      <span className="topbar-lang">
        <LanguageSwitch compact={mobile} />
      </span>
      <AccountMenu compact={mobile} />
    </header>
  );
}

/** On a phone the secondary icons fold into one menu so that the bar fits 390 px. */
function MoreMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items: MenuProps['items'] = [
    {
      key: 'search',
      icon: <SearchOutlined />,
      label: t('app.topbar.search'),
      onClick: () => navigate(FAST_SEARCH_PATH),
    },
    {
      key: 'needdo',
      icon: <ScheduleOutlined />,
      label: t('app.topbar.needdo'),
      onClick: () => navigate('/needdo'),
    },
    { key: 'kanban', icon: <DashboardOutlined />, label: t('app.topbar.kanban'), onClick: openBoard },
    { key: 'sop', icon: <BookOutlined />, label: t('app.topbar.sop'), onClick: () => navigate('/SOP') },
    {
      key: 'contact',
      icon: <PhoneOutlined />,
      label: t('app.topbar.contact'),
      onClick: () => navigate('/home/contact'),
    },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <TopIcon label={t('app.topbar.more')} testId="topbar-more">
        <EllipsisOutlined />
      </TopIcon>
    </Dropdown>
  );
}
