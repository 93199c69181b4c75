import { useApi } from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { barBox, barLabel, dayIndex, daysFrom } from '@mes/production/logic';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, message, Space, Spin, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { texts } from '../locales';
import { addDays } from '../logic/dates';

interface Bar {
  Assignment_ID: number;
  Task_NO: string;
  Task_Name: string;
  Plan_Start: string;
  Plan_End: string;
  Is_Milestone: boolean;
  Owner_Name: string | null;
  Dependencies: { Predecessor_ID: number; Lag_Days: number }[];
  Critical: boolean;
  Float_Days: number;
  Overdue: boolean;
}
const DAY_PX = 22;
const LABEL_PX = 180;
const ROW_PX = 28;
/** Days shown before the first task and after the last. */
const MARGIN_DAYS = 5;

/**
 * A project's Gantt (the day grid of modules/production/logic/gantt.ts): one row per task, arrows for
 * finish-to-start links, the critical path in red. Dragging a bar moves the task, dragging its right
 * edge stretches it; the server pushes the dependents (/Assignment/Move).
 */
export function ProjectGantt({ projectId }: { projectId: number }) {
  const t = useModuleText(texts);
  const api = useApi();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['pm', 'gantt', projectId],
    queryFn: () => api.data<Bar[]>('/Assignment/Gantt', { query: { Project_ID: projectId } }),
  });
  const drag = useRef<{ id: number; x: number; mode: 'move' | 'end' } | null>(null);
  const [shift, setShift] = useState<{ id: number; days: number; mode: 'move' | 'end' } | null>(null);
  if (q.isLoading) return <Spin />;
  const bars = q.data ?? [];
  if (!bars.length) return <Empty />;
  const from = addDays(
    bars.reduce((m, b) => (b.Plan_Start < m ? b.Plan_Start : m), bars[0].Plan_Start),
    -MARGIN_DAYS,
  );
  const last = bars.reduce((m, b) => (b.Plan_End > m ? b.Plan_End : m), bars[0].Plan_End);
  const days = dayIndex(last, from) + 1 + MARGIN_DAYS * 2;
  const row = new Map(bars.map((b, i) => [b.Assignment_ID, i]));
  const today = dayjs().format('YYYY-MM-DD');
  const shown = (b: Bar) => {
    if (shift?.id !== b.Assignment_ID) return { start: b.Plan_Start, end: b.Plan_End };
    return shift.mode === 'move'
      ? { start: addDays(b.Plan_Start, shift.days), end: addDays(b.Plan_End, shift.days) }
      : {
          start: b.Plan_Start,
          end: addDays(b.Plan_End, Math.max(shift.days, dayIndex(b.Plan_Start, b.Plan_End))),
        };
  };
  const onDown = (e: React.PointerEvent, id: number, mode: 'move' | 'end') => {
    e.stopPropagation();
    (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
    drag.current = { id, x: e.clientX, mode };
  };
  const onMove = (e: React.PointerEvent) => {
    const d = drag.current;
    if (d) setShift({ id: d.id, mode: d.mode, days: Math.round((e.clientX - d.x) / DAY_PX) });
  };
  const onUp = async () => {
    const d = drag.current;
    drag.current = null;
    const s = shift;
    setShift(null);
    if (!d || !s?.days) return;
    const b = bars.find((x) => x.Assignment_ID === d.id);
    if (!b) return;
    const next = shown(b);
    const changed = { ...next };
    if (s.mode === 'move') {
      changed.start = addDays(b.Plan_Start, s.days);
      changed.end = addDays(b.Plan_End, s.days);
    }
    try {
      const moved = await api.data<unknown[]>('/Assignment/Move', {
        method: 'POST',
        body: { Assignment_ID: d.id, Plan_Start: changed.start, Plan_End: changed.end },
      });
      void message.success(t('gantt.moved', { count: moved.length - 1 }));
    } catch {
      // the client shows the server's message
    }
    await qc.invalidateQueries({ queryKey: ['pm'] });
  };
  const box = (b: Bar) => {
    const s = shown(b);
    return barBox(s.start, s.end, from, days, DAY_PX);
  };
  return (
    <div data-testid="pm-gantt" onPointerMove={onMove} onPointerUp={onUp} style={{ userSelect: 'none' }}>
      <Typography.Paragraph type="secondary">{t('gantt.drag')}</Typography.Paragraph>
      <div style={{ overflowX: 'auto', border: '1px solid #f0f0f0' }}>
        <div style={{ width: LABEL_PX + days * DAY_PX, position: 'relative' }}>
          <div style={{ display: 'flex', marginLeft: LABEL_PX, fontSize: 10, color: '#888' }}>
            {daysFrom(from, days).map((d) => (
              <div
                key={d}
                style={{
                  width: DAY_PX,
                  textAlign: 'center',
                  background: d === today ? '#e6f4ff' : undefined,
                }}
              >
                {d.slice(8, 10) === '01' ? `${d.slice(5, 7)}/` : ''}
                {Number(d.slice(8, 10))}
              </div>
            ))}
          </div>
          <div style={{ position: 'relative', height: bars.length * ROW_PX }}>
            <svg
              width={LABEL_PX + days * DAY_PX}
              height={bars.length * ROW_PX}
              style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none' }}
            >
              <title>{t('gantt.critical')}</title>
              {bars.flatMap((b) =>
                b.Dependencies.map((d) => {
                  const p = bars.find((x) => x.Assignment_ID === d.Predecessor_ID);
                  const pb = p && box(p);
                  const sb = box(b);
                  if (!p || !pb || !sb) return null;
                  const x1 = LABEL_PX + pb.left + pb.width;
                  const y1 = (row.get(p.Assignment_ID) ?? 0) * ROW_PX + ROW_PX / 2;
                  const x2 = LABEL_PX + sb.left;
                  const y2 = (row.get(b.Assignment_ID) ?? 0) * ROW_PX + ROW_PX / 2;
                  const red = p.Critical && b.Critical;
                  return (
                    <path
                      key={`${p.Assignment_ID}-${b.Assignment_ID}`}
                      data-testid={`pm-dep-${p.Assignment_ID}-${b.Assignment_ID}`}
                      d={`M${x1},${y1} H${x1 + 6} V${y2} H${x2}`}
                      fill="none"
                      stroke={red ? '#ff4d4f' : '#8c8c8c'}
                      strokeWidth={1.2}
                      markerEnd="url(#pm-arrow)"
                    />
                  );
                }),
              )}
              <defs>
                <marker id="pm-arrow" markerWidth="6" markerHeight="6" refX="6" refY="3" orient="auto">
                  <path d="M0,0 L6,3 L0,6 z" fill="#8c8c8c" />
                </marker>
              </defs>
            </svg>
            {bars.map((b, i) => {
              const bx = box(b);
              const s = shown(b);
              return (
                <div
                  key={b.Assignment_ID}
                  style={{ position: 'absolute', top: i * ROW_PX, left: 0, height: ROW_PX, width: '100%' }}
                >
                  <div
                    style={{
                      width: LABEL_PX,
                      padding: '4px 6px',
                      fontSize: 12,
                      boxSizing: 'border-box',
                      whiteSpace: 'nowrap',
                      overflow: 'hidden',
                    }}
                    title={b.Task_Name}
                  >
                    {b.Task_Name}
                  </div>
                  {bx && (
                    <Tooltip
                      title={`${b.Task_NO} ${b.Task_Name} · ${b.Owner_Name ?? ''} · ${s.start} ~ ${s.end} · ${t('gantt.float', { days: b.Float_Days })}`}
                    >
                      <div
                        data-testid={`pm-bar-${b.Task_Name}`}
                        data-critical={b.Critical ? 'true' : 'false'}
                        data-start={s.start}
                        onPointerDown={(e) => onDown(e, b.Assignment_ID, 'move')}
                        style={{
                          position: 'absolute',
                          top: 4,
                          left: LABEL_PX + bx.left + (b.Is_Milestone ? bx.width / 2 - 9 : 0),
                          width: b.Is_Milestone ? 18 : bx.width,
                          height: ROW_PX - 8,
                          background: b.Critical ? '#ff4d4f' : b.Overdue ? '#fa8c16' : '#1677ff',
                          transform: b.Is_Milestone ? 'rotate(45deg) scale(0.7)' : undefined,
                          borderRadius: 3,
                          color: '#fff',
                          fontSize: 11,
                          padding: '1px 4px',
                          overflow: 'hidden',
                          whiteSpace: 'nowrap',
                          cursor: 'grab',
                          boxSizing: 'border-box',
                        }}
                      >
                        {!b.Is_Milestone && barLabel(b.Task_Name, bx.width)}
                        {!b.Is_Milestone && (
                          <span
                            onPointerDown={(e) => onDown(e, b.Assignment_ID, 'end')}
                            style={{
                              position: 'absolute',
                              right: 0,
                              top: 0,
                              width: 6,
                              height: '100%',
                              cursor: 'ew-resize',
                            }}
                          />
                        )}
                      </div>
                    </Tooltip>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <Space style={{ marginTop: 6, fontSize: 12 }}>
        <span style={{ color: '#ff4d4f' }}>■ {t('gantt.critical')}</span>
        <span style={{ color: '#fa8c16' }}>■ {t('gantt.overdue')}</span>
        <span>◆ {t('gantt.milestone')}</span>
      </Space>
    </div>
  );
}
