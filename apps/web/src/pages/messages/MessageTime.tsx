import { formatDateTime } from '@mes/engine-web/entity';
import { Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../shell/rules';

// secondary text in antd's colour, without antd's Typography (its editable mode brings TextArea along)
const SECONDARY = { fontSize: 12, whiteSpace: 'nowrap', color: 'rgba(0, 0, 0, 0.45)' } as const;

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
      <span style={SECONDARY}>
        {abs} · {text}
      </span>
    );
  return (
    <Tooltip title={abs}>
      <span style={SECONDARY}>{text}</span>
    </Tooltip>
  );
}
