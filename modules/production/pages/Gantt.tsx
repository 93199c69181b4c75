import { useApi } from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Empty, Space, Spin, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { texts } from '../locales';
import { barBox, barLabel, dayIndex, daysFrom } from '../logic/gantt';
import { SCHEDULE_STATUS_OPTIONS } from '../plan.entity';

interface Bar {
  Work_Order_ID: number;
  Order_NO: string;
  Schedule_Status: number;
  Plan_Start: string;
  Plan_End: string;
  Qty: string;
  Good_Qty: string;
  Work_Station_ID: number | null;
  Station_Name: string | null;
  Material_Number: string;
  Material_Name: string;
}
const COLOR: Record<number, string> = {
  0: '#bfbfbf',
  1: '#faad14',
  2: '#1677ff',
  3: '#fa8c16',
  4: '#52c41a',
  8: '#13c2c2',
};
const DAY_PX = 28;
const LABEL_PX = 140;

/** The schedule: one row per work station, one bar per work order from planned start to planned end. */
export function Gantt() {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().startOf('day').subtract(20, 'day'),
    dayjs().startOf('day').add(20, 'day'),
  ]);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const q = useQuery({
    queryKey: ['prod', 'gantt', from, to],
    queryFn: () => api.data<Bar[]>('/WorkOrder/Gantt', { query: { From: from, To: to } }),
  });
  // minutes booked per day against each station's capacity: a strip under its bars
  const load = useQuery({
    queryKey: ['prod', 'load', from, to],
    queryFn: () =>
      api.data<{ Work_Station_ID: number; Capacity_Minutes: string | null; Days: Record<string, string> }[]>(
        '/WorkOrder/Load',
        { query: { From: from, To: to } },
      ),
  });
  const loadOf = new Map((load.data ?? []).map((l) => [l.Work_Station_ID, l]));
  const days = dayIndex(to, from) + 1;
  const rows = new Map<string, Bar[]>();
  for (const b of q.data ?? []) {
    const k = b.Station_Name ?? t('noStation');
    rows.set(k, [...(rows.get(k) ?? []), b]);
  }
  // columns are calendar days counted from `from` (logic/gantt.ts), header, bars and load alike
  const x = (d: string) => Math.max(0, dayIndex(d, from)) * DAY_PX;
  const today = dayjs().format('YYYY-MM-DD');
  const statusLabel = (v: number) =>
    label(SCHEDULE_STATUS_OPTIONS.find((o) => o.value === v)?.label ?? { zh: '', en: '' });
  return (
    <div data-testid="gantt">
      <Space style={{ marginBottom: 8 }}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
      </Space>
      {q.isLoading ? (
        <Spin />
      ) : !rows.size ? (
        <Empty />
      ) : (
        <div style={{ overflowX: 'auto', border: '1px solid #f0f0f0' }}>
          <div style={{ width: LABEL_PX + days * DAY_PX, position: 'relative' }}>
            <div
              style={{ display: 'flex', marginLeft: LABEL_PX, fontSize: 11, color: '#888' }}
              data-testid="gantt-days"
            >
              {daysFrom(from, days).map((d) => (
                <div
                  key={d}
                  style={{
                    width: DAY_PX,
                    textAlign: 'center',
                    background: d === today ? '#e6f4ff' : undefined,
                  }}
                >
                  {Number(d.slice(8, 10))}
                </div>
              ))}
            </div>
            {[...rows].map(([station, bars]) => {
              // overlapping orders on one station stack into lanes
              const lanes: Bar[][] = [];
              for (const b of bars) {
                const lane = lanes.find((l) =>
                  l.every((o) => o.Plan_End.slice(0, 10) < b.Plan_Start.slice(0, 10)),
                );
                if (lane) lane.push(b);
                else lanes.push([b]);
              }
              return (
                <div
                  key={station}
                  style={{ display: 'flex', borderTop: '1px solid #f0f0f0' }}
                  data-testid={`gantt-row-${station}`}
                >
                  {/* border-box: the padding inside LABEL_PX, or every bar sits 8 px right of its header column */}
                  <div
                    style={{
                      width: LABEL_PX,
                      flex: 'none',
                      padding: 4,
                      fontSize: 12,
                      boxSizing: 'border-box',
                    }}
                  >
                    {station}
                  </div>
                  <div
                    style={{
                      position: 'relative',
                      height: lanes.length * 24 + 10,
                      flex: 'none',
                      width: days * DAY_PX,
                    }}
                  >
                    <LoadStrip
                      load={
                        bars[0].Work_Station_ID === null ? undefined : loadOf.get(bars[0].Work_Station_ID)
                      }
                      x={x}
                      text={(l, cap) => t('stationLoad', { load: l, cap })}
                    />
                    {lanes.flatMap((lane, li) =>
                      lane.map((b) => {
                        const box = barBox(b.Plan_Start, b.Plan_End, from, days, DAY_PX);
                        if (!box) return null;
                        const { left, width } = box;
                        return (
                          <Tooltip
                            key={b.Work_Order_ID}
                            title={`${b.Order_NO} ${b.Material_Number} ${b.Material_Name} · ${Number(b.Good_Qty)}/${Number(b.Qty)} · ${statusLabel(b.Schedule_Status)} · ${b.Plan_Start.slice(0, 10)} ~ ${b.Plan_End.slice(0, 10)}`}
                          >
                            <div
                              data-testid={`gantt-bar-${b.Order_NO}`}
                              style={{
                                position: 'absolute',
                                top: 2 + li * 24,
                                left,
                                width,
                                height: 20,
                                background: COLOR[b.Schedule_Status] ?? '#999',
                                color: '#fff',
                                borderRadius: 3,
                                fontSize: 11,
                                padding: '2px 4px',
                                overflow: 'hidden',
                                whiteSpace: 'nowrap',
                              }}
                            >
                              {barLabel(b.Order_NO, width)}
                            </div>
                          </Tooltip>
                        );
                      }),
                    )}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      )}
      <Space style={{ marginTop: 8 }} size={12} wrap>
        {SCHEDULE_STATUS_OPTIONS.filter((o) => o.value !== 9).map((o) => (
          <span key={o.value} style={{ fontSize: 12 }}>
            <span
              style={{
                display: 'inline-block',
                width: 10,
                height: 10,
                background: COLOR[o.value],
                marginRight: 4,
              }}
            />
            {label(o.label)}
          </span>
        ))}
      </Space>
      <div style={{ fontSize: 12, color: '#999' }}>
        {t('from')} {from} {t('to')} {to}
      </div>
    </div>
  );
}

/** Each day's booked minutes under a station's bars: green within capacity, red over it. */
function LoadStrip({
  load,
  x,
  text,
}: {
  load?: { Capacity_Minutes: string | null; Days: Record<string, string> };
  x: (d: string) => number;
  text: (load: string, cap: string) => string;
}) {
  if (!load?.Capacity_Minutes) return null;
  const cap = Number(load.Capacity_Minutes);
  return (
    <>
      {Object.entries(load.Days).map(([day, minutes]) => {
        const over = Number(minutes) > cap;
        return (
          <div
            key={day}
            title={text(String(Number(minutes)), load.Capacity_Minutes as string)}
            data-testid={over ? 'gantt-overload' : 'gantt-load'}
            style={{
              position: 'absolute',
              bottom: 0,
              left: x(day) + 2,
              width: DAY_PX - 4,
              height: 5,
              borderRadius: 2,
              background: over ? '#ff4d4f' : '#95de64',
              opacity: over ? 1 : Math.min(1, 0.35 + Number(minutes) / cap),
            }}
          />
        );
      })}
    </>
  );
}
