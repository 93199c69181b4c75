import { authStorage } from '@mes/engine-web/api';
import { useApi } from '@mes/engine-web/entity';
import { useLang, useModuleText } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import { Button, Calendar, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { texts } from '../locales';
import type { CalendarEvent } from '../logic/calendar';

const COLOR: Record<CalendarEvent['kind'], string> = {
  task: 'blue',
  meeting: 'purple',
  action: 'orange',
  deliverable: 'cyan',
};

/** 日历: the month of the user's tasks, meetings, action due dates and deliverables; an .ics export. */
export function CalendarPage() {
  const t = useModuleText(texts);
  const api = useApi();
  const lang = useLang();
  const [month, setMonth] = useState<Dayjs>(() => dayjs());
  const key = month.format('YYYY-MM');
  const q = useQuery({
    queryKey: ['pm', 'calendar', key],
    queryFn: () => api.data<CalendarEvent[]>('/PM/Calendar', { query: { Month: key } }),
  });
  const on = (d: string) => (q.data ?? []).filter((e) => e.start <= d && e.end >= d);
  const exportIcs = async () => {
    const res = await fetch(api.url('/PM/Calendar/ics', { Month: key }), {
      headers: { authorization: authStorage().authorizationHeader() ?? '', 'accept-language': lang },
    });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(await res.blob());
    a.download = `pm-${key}.ics`;
    a.click();
  };
  return (
    <div data-testid="pm-calendar">
      <Button onClick={exportIcs} data-testid="pm-ics">
        {t('actions.exportIcs')}
      </Button>
      <Calendar
        value={month}
        onPanelChange={(d) => setMonth(d)}
        onSelect={(d) => setMonth(d)}
        cellRender={(d, info) =>
          info.type === 'date'
            ? on(d.format('YYYY-MM-DD')).map((e) => (
                <div key={`${e.kind}-${e.id}`} title={`${e.project} · ${e.title}`}>
                  <Tag color={COLOR[e.kind]} style={{ fontSize: 11, margin: 1 }}>
                    {t(`calendar.${e.kind}`)} {e.time ?? ''} {e.title}
                  </Tag>
                </div>
              ))
            : info.originNode
        }
      />
    </div>
  );
}
