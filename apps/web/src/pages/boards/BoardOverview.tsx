import { useApi } from '@mes/engine-web/entity';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { LOGIN_CONFIG_KEY, shellApi } from '../../session/api';
import { BoardClock } from './BoardClock';
import './boards.css';

const PANELS = ['production', 'quality', 'equipment', 'energy'] as const;

/** /Board/Overview, the data operations platform: a wall screen that needs no sign-in. */
export function BoardOverview() {
  const { t } = useTranslation();
  const api = useApi();
  const cfg = useQuery({ queryKey: LOGIN_CONFIG_KEY, queryFn: () => shellApi(api).loginConfig() });
  useEffect(() => {
    document.title = t('app.board.overview');
  }, [t]);
  return (
    <div className="board" data-testid="board-overview">
      <header className="board-head">
        <span className="board-title">
          {cfg.data?.Company_ShortName ?? <Spin size="small" />} · {t('app.board.overview')}
        </span>
        <span style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
          <BoardClock />
          <LanguageSwitch />
        </span>
      </header>
      <div className="board-grid" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
        {PANELS.map((p) => (
          <section className="board-panel" key={p}>
            <h4>{t(`app.board.${p}`)}</h4>
            <div className="board-panel-empty">
              {t('app.board.soon')} · {t('common.inDevelopment')}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
