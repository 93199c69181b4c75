import { BellOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePending, useUnread } from '../../session/queries';
import { badgeText } from '../../shell/rules';
import { TopIcon } from './TopIcon';

/** The bell: unread count as a badge (99+ above 99); it opens the message record. */
export function MessageBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { count } = useUnread();
  const text = badgeText(count);
  return (
    <Tooltip title={t('app.topbar.messages')}>
      <TopIcon label={t('app.topbar.messages')} testId="message-bell" onClick={() => navigate('/AllMessage')}>
        <Badge count={text} size="small" offset={[4, -2]} data-testid="message-badge">
          <BellOutlined style={{ color: '#fff', fontSize: 18 }} />
        </Badge>
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
        <Badge count={badgeText(items.length)} size="small" offset={[4, -2]} color="#faad14">
          <ScheduleOutlined style={{ color: '#fff', fontSize: 18 }} />
        </Badge>
      </TopIcon>
    </Tooltip>
  );
}
