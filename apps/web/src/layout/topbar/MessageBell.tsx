import { BellOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePending, useUnread } from '../../session/queries';
import { badgeText } from '../../shell/rules';
import { TopIcon } from './TopIcon';

/**
 * antd Badge's small count in the top right corner, plain (`.top-badge` in shell.css): it is on every
 * page, and antd's brings its scroll-number animation (issue 24). Nothing is shown for ''.
 */
function CountBadge({
  text,
  color,
  testId,
  children,
}: {
  text: string;
  color?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <span className="top-badge-wrap" data-testid={testId}>
      {children}
      {text && (
        <sup className="top-badge" style={color ? { background: color } : undefined} title={text}>
          {text}
        </sup>
      )}
    </span>
  );
}

/** The bell: unread count as a badge (99+ above 99); it opens the message record. */
export function MessageBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { count } = useUnread();
  const text = badgeText(count);
  return (
    <Tooltip title={t('app.topbar.messages')}>
      <TopIcon label={t('app.topbar.messages')} testId="message-bell" onClick={() => navigate('/AllMessage')}>
        <CountBadge text={text} testId="message-badge">
          <BellOutlined style={{ color: '#fff', fontSize: 18 }} />
        </CountBadge>
      </TopIcon>
    </Tooltip>
  );
}

/** The to-do icon opens /needdo; its badge is the number of pending items. */
export function NeedDoIcon() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { items } = usePending();
  return (
    <Tooltip title={t('app.topbar.needdo')}>
      <TopIcon label={t('app.topbar.needdo')} testId="needdo-link" onClick={() => navigate('/needdo')}>
        <CountBadge text={badgeText(items.length)} color="#faad14">
          <ScheduleOutlined style={{ color: '#fff', fontSize: 18 }} />
        </CountBadge>
      </TopIcon>
    </Tooltip>
  );
}
