import {
  ApartmentOutlined,
  BankOutlined,
  BellOutlined,
  RightOutlined,
  ScheduleOutlined,
  StarFilled,
  TeamOutlined,
} from '@ant-design/icons';
import { useApi } from '@mes/engine-web/entity';
import { useLang } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import { Empty } from 'antd';
import dayjs from 'dayjs';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { menuIcon } from '../layout/icons';
import { useOftenMenus, useOpenMessage, usePending, useUnread } from '../session/queries';
import { useSession } from '../session/session';
import { nameOf } from '../shell/menu';
import './dashboard.css';
import { DashboardWizard } from './DashboardWizard';
import { MessageTime } from './messages/MessageTime';

/** Figures of the built modules; each shows only when the user's menu has a page listing it. */
const FIGURES: {
  entity: string;
  key: 'departments' | 'users' | 'factories';
  icon: ReactNode;
  color: string;
}[] = [
  { entity: 'Department', key: 'departments', icon: <ApartmentOutlined />, color: '#3c8dbc' },
  { entity: 'Users', key: 'users', icon: <TeamOutlined />, color: '#67c23a' },
  { entity: 'Factory', key: 'factories', icon: <BankOutlined />, color: '#e6a23c' },
];

/**
 * A plain list in antd List's look: antd's List brings its pagination along, which the dashboard's
 * few rows never need (issue 24: what sign-in and the dashboard load).
 */
function DashList<T>({ items, empty, row }: { items: T[]; empty: string; row: (item: T) => ReactNode }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return <ul className="dash-list">{items.map(row)}</ul>;
}

/*
 * The favourites and the often used pages are plain buttons in antd's default button look
 * (`.dash-button` in dashboard.css): antd's Button was 10 KB more on the first dashboard (issue 24).
 */

/**
 * A box in antd Card's look, without antd's Card (which brings its Tabs and Skeleton along: issue 24,
 * sign-in plus the dashboard ≤ 300 KB); `.dash-card` in dashboard.css.
 */
function DashCard({
  title,
  extra,
  testId,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="dash-card" data-testid={testId}>
      <header className="dash-card-head">
        <span className="dash-card-title">{title}</span>
        {extra}
      </header>
      <div className="dash-card-body">{children}</div>
    </section>
  );
}

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  return hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
}

/** Home: the user's to-dos and approvals, unread messages, favourites and key figures. */
export function Dashboard() {
  const { t } = useTranslation();
  const lang = useLang();
  const api = useApi();
  const navigate = useNavigate();
  const { user, routes, pages } = useSession();
  // a page has no icon of its own in the seeded menu: its module's stands for it
  const iconOf = (menuId: number, icon?: string | null) =>
    menuIcon(icon ?? pages.find((p) => p.page.Menu_ID === menuId)?.module.Icon);
  const pending = usePending();
  const unread = useUnread(6);
  const often = useOftenMenus();
  const openMessage = useOpenMessage();

  const readable = FIGURES.filter((f) => routes.some((r) => r.Entity_Name === f.entity));
  const figures = useQuery({
    queryKey: ['dashboard', 'figures', readable.map((f) => f.entity)],
    queryFn: async () =>
      Promise.all(
        readable.map(async (f) => {
          const r = await api.get(`/${f.entity}`, { Page: 1, PageSize: 1 }).catch(() => null);
          return { ...f, count: r?.Paging?.TotalCount ?? null };
        }),
      ),
  });
  const favourites = (often.data ?? []).filter((o) => o.Is_Collect);
  const frequent = (often.data ?? []).filter((o) => !o.Is_Collect && o.Click_Count > 0).slice(0, 8);
  // a new database: its admin changed the initial password at the first sign-in, but has no company yet
  const wizard = user.User_Account === 'admin' && (!user.Pwd_Changed_At || !user.Company_Name);

  const tiles = [
    {
      key: 'todos',
      label: t('app.dashboard.todos'),
      value: pending.items.length,
      icon: <ScheduleOutlined />,
      color: '#f56c6c',
      to: '/needdo',
    },
    {
      key: 'unread',
      label: t('app.dashboard.unread'),
      value: unread.count,
      icon: <BellOutlined />,
      color: '#8e6cd8',
      to: '/AllMessage',
    },
    ...(figures.data ?? []).map((f) => ({
      key: f.key,
      label: t(`app.dashboard.${f.key}`),
      value: f.count,
      icon: f.icon,
      color: f.color,
      to: routes.find((r) => r.Entity_Name === f.entity)?.path ?? '/dashboard',
    })),
  ];

  return (
    <div data-testid="dashboard">
      <section className="page-card dash-card dash-greeting">
        <h4 className="dash-greeting-title">
          {t('app.dashboard.greeting', {
            greeting: t(`app.dashboard.${greetingKey(dayjs().hour())}`),
            name: user.User_Name,
          })}
        </h4>
        <span className="dash-secondary">
          {[user.Company_Name, user.Dept_Name].filter(Boolean).join(' · ')}
          {' · '}
          {t('app.dashboard.today', {
            date: dayjs().format(lang === 'en' ? 'dddd, YYYY-MM-DD' : 'YYYY年M月D日 dddd'),
          })}
        </span>
      </section>
      {wizard && <DashboardWizard />}
      <div
        className="dash-figures"
        style={{ '--dash-figures': Math.min(6, tiles.length) } as CSSProperties}
        data-testid="dashboard-figures"
      >
        {tiles.map((f) => (
          <div key={f.key}>
            <button
              type="button"
              className="dash-card dash-tile"
              onClick={() => navigate(f.to)}
              data-testid={`figure-${f.key}`}
            >
              <div className="fig-tile">
                <div className="fig-tile-icon" style={{ background: f.color }}>
                  {f.icon}
                </div>
                <div>
                  <div style={{ fontSize: 24, fontWeight: 600, color: '#303133' }}>{f.value ?? '–'}</div>
                  <div style={{ color: '#909399' }}>{f.label}</div>
                </div>
              </div>
            </button>
          </div>
        ))}
      </div>
      <div className="dash-panels">
        <div>
          <DashCard
            title={t('app.dashboard.todos')}
            extra={
              <Link to="/needdo">
                {t('app.dashboard.more')} <RightOutlined />
              </Link>
            }
            testId="dashboard-todos"
          >
            <DashList
              items={pending.items.slice(0, 6)}
              empty={t('app.dashboard.noTodos')}
              row={(m) => (
                <li key={m.ID}>
                  <button type="button" className="dash-item-main" onClick={() => void openMessage(m, false)}>
                    {m.Level === 0 && <span className="dash-tag-urgent">{t('app.messages.urgent')}</span>}
                    <span>{m.Title}</span>
                  </button>
                  <MessageTime time={m.Send_Time} />
                </li>
              )}
            />
          </DashCard>
        </div>
        <div>
          <DashCard
            title={t('app.dashboard.unread')}
            extra={
              <Link to="/AllMessage">
                {t('app.dashboard.more')} <RightOutlined />
              </Link>
            }
            testId="dashboard-unread"
          >
            <DashList
              items={unread.items}
              empty={t('app.dashboard.noMessages')}
              row={(m) => (
                <li key={m.ID}>
                  <div className="dash-item-main">
                    <div className="dash-item-title">{m.Title}</div>
                    <div className="dash-item-desc">{m.From_User_Name ?? t('app.messages.system')}</div>
                  </div>
                  <MessageTime time={m.Send_Time} />
                </li>
              )}
            />
          </DashCard>
        </div>
        <div>
          <DashCard title={t('app.dashboard.favourites')} testId="dashboard-favourites">
            {favourites.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('app.dashboard.noFavourites')} />
            ) : (
              <div className="dash-buttons">
                {favourites.map((f) => (
                  <button
                    type="button"
                    className="dash-button"
                    key={f.Menu_ID}
                    onClick={() => navigate(f.Route ?? '/')}
                    data-testid={`favourite-${f.Menu_Code}`}
                  >
                    <StarFilled style={{ color: '#e6a23c' }} />
                    {nameOf(f, lang)}
                  </button>
                ))}
              </div>
            )}
          </DashCard>
        </div>
        <div>
          <DashCard title={t('app.dashboard.often')} testId="dashboard-often">
            {frequent.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <div className="dash-buttons">
                {frequent.map((f) => (
                  <button
                    type="button"
                    className="dash-button"
                    key={f.Menu_ID}
                    onClick={() => navigate(f.Route ?? '/')}
                  >
                    {iconOf(f.Menu_ID, f.Icon)}
                    {nameOf(f, lang)}
                    <span className="dash-secondary" style={{ fontSize: 12 }}>
                      {t('app.dashboard.clicks', { count: f.Click_Count })}
                    </span>
                  </button>
                ))}
              </div>
            )}
          </DashCard>
        </div>
      </div>
    </div>
  );
}
