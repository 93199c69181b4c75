import {
  BuildOutlined,
  DashboardOutlined,
  SafetyCertificateOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { useApi } from '@mes/engine-web/entity';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { usePending, useUnread } from '../../session/queries';
import { useSession } from '../../session/session';
import { BoardClock } from './BoardClock';
import './boards.css';

const BOARDS: { key: 'production' | 'quality' | 'equipment' | 'energy'; icon: ReactNode }[] = [
  { key: 'production', icon: <BuildOutlined /> },
  { key: 'quality', icon: <SafetyCertificateOutlined /> },
  { key: 'equipment', icon: <ToolOutlined /> },
  { key: 'energy', icon: <ThunderboltOutlined /> },
];

/** /BoardHomePage: the board home opened in its own window from the top bar's kanban icon. */
export function BoardHome() {
  const { t } = useTranslation();
  const api = useApi();
  const { user, routes } = useSession();
  const unread = useUnread();
  const pending = usePending();
  const entities = ['Department', 'Users', 'Factory'].filter((e) => routes.some((r) => r.Entity_Name === e));
  const counts = useQuery({
    queryKey: ['board', 'counts', entities],
    queryFn: () =>
      Promise.all(
        entities.map((e) =>
          api
            .get(`/${e}`, { Page: 1, PageSize: 1 })
            .then((r) => r.Paging?.TotalCount ?? 0)
            .catch(() => null),
        ),
      ),
  });
  useEffect(() => {
    document.title = `${t('app.board.home')} - ${user.Company_ShortName}`;
  }, [t, user.Company_ShortName]);
  const figureKey: Record<string, 'departments' | 'users' | 'factories'> = {
    Department: 'departments',
    Users: 'users',
    Factory: 'factories',
  };

  return (
    <div className="board" data-testid="board-home">
      <header className="board-head">
        <span className="board-title">
          {user.Company_ShortName} · {t('app.board.home')}
        </span>
        <span style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
          <BoardClock />
          <LanguageSwitch />
          <Link to="/dashboard">
            <Button ghost size="small">
              {t('app.board.back')}
            </Button>
          </Link>
        </span>
      </header>
      <div className="board-grid">
        <div className="board-tile">
          <div className="board-tile-value">{pending.items.length}</div>
          <div className="board-tile-label">{t('app.dashboard.todos')}</div>
        </div>
        <div className="board-tile">
          <div className="board-tile-value">{unread.count}</div>
          <div className="board-tile-label">{t('app.dashboard.unread')}</div>
        </div>
        {entities.map((e, i) => (
          <div className="board-tile" key={e}>
            <div className="board-tile-value">{counts.data?.[i] ?? '–'}</div>
            <div className="board-tile-label">{t(`app.dashboard.${figureKey[e]}`)}</div>
          </div>
        ))}
      </div>
      <div className="board-section">{t('app.board.home')}</div>
      <div className="board-grid">
        <div className="board-card">
          <h3>
            <DashboardOutlined /> {t('app.board.overview')}
          </h3>
          <p>{t('app.board.overviewText')}</p>
          <Link to="/Board/Overview">
            <Button type="primary">{t('app.board.open')}</Button>
          </Link>
        </div>
        {BOARDS.map((b) => (
          <div className="board-card" key={b.key}>
            <h3>
              {b.icon} {t(`app.board.${b.key}`)}
            </h3>
            <p>{t('common.inDevelopment')}</p>
            <div>
              <Tag color="processing">{t('app.board.soon')}</Tag>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
