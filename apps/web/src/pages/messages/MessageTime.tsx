import { formatDateTime } from '@mes/engine-web/entity';
import { Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../shell/rules';

/** A message's time: relative (刚刚, 5分钟前 ...) with the exact YYYY-MM-DD HH:mm beside it. */
export function MessageTime({ time, exact }: { time: string; exact?: boolean }) {
  const { t } = useTranslation();
  const d = dayjs(time);
  if (!d.isValid()) return null;
  const rel = relativeTime(d.valueOf(), Date.now());
  const text = 'count' in rel ? t(`time.${rel.key}`, { count: rel.count }) : t(`time.${rel.key}`);
  // on the company's clock (公司时区), as every time is shown
  const abs = formatDateTime(time, 'minute');
  if (exact)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {abs} · {text}
      </Typography.Text>
    );
  return (
    <Tooltip title={abs}>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {text}
      </Typography.Text>
    </Tooltip>
  );
}
