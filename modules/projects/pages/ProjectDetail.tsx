import {
  AttachmentButton,
  EntityFormDrawer,
  EntityListPage,
  formatDateTime,
  useApi,
  useEntityDef,
} from '@mes/engine-web/entity';
import { useLabel, useModuleText } from '@mes/engine-web/i18n';
import { type EnumOption, STATE_LABELS } from '@mes/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Empty, List, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { texts } from '../locales';
import { CLOSURE_TYPES, DELIVERABLE_STATUS, GATES, LOG_TYPES, TEAM_ROLES } from '../options';
import { type Overview, RYG_COLOR } from './overview';
import { ProjectGantt } from './ProjectGantt';

const RYG_KEY = { 1: 'ryg.green', 2: 'ryg.yellow', 3: 'ryg.red' } as const;
const optionLabel = (opts: EnumOption[], v: unknown) => opts.find((o) => o.value === Number(v))?.label;

/** The project page: Summary, Assignment, P0…P8, Meeting, Action tracker, Scorecard, Team, Files. */
export function ProjectDetail({ id }: { id: number }) {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const qc = useQueryClient();
  const taskDef = useEntityDef('Assignment');
  const meetingDef = useEntityDef('Meeting');
  const actionDef = useEntityDef('ActionTracker');
  const projectDef = useEntityDef('Project');
  const q = useQuery({
    queryKey: ['pm', 'overview', id],
    queryFn: () => api.data<Overview>(`/Project/${id}/Overview`),
  });
  if (q.isLoading || !q.data) return <Spin />;
  const o = q.data;
  const p = o.Project;
  const refresh = () => qc.invalidateQueries({ queryKey: ['pm'] });
  const lbl = (opts: EnumOption[], v: unknown) => {
    const l = optionLabel(opts, v);
    return l ? label(l) : '';
  };
  const status = p.Closure_Type
    ? lbl(CLOSURE_TYPES, p.Closure_Type)
    : label(STATE_LABELS[Number(p.State)] ?? { zh: '', en: '' });
  const ryg = (r: 1 | 2 | 3) => (
    <Tag color={RYG_COLOR[r]} data-testid={`ryg-${r}`}>
      {t(RYG_KEY[r])}
    </Tag>
  );
  const list = (items: string[]) => (items.length ? items.join('；') : t('summary.none'));
  const items = [
    {
      key: 'summary',
      label: t('tabs.summary'),
      children: (
        <div data-testid="pm-summary">
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('summary.status')}>{status}</Descriptions.Item>
            <Descriptions.Item label={t('summary.currentGate')}>
              <span data-testid="pm-current-gate">{lbl(GATES, p.Current_Gate)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('summary.nextGate')}>
              {o.Next_Gate === null ? t('summary.none') : lbl(GATES, o.Next_Gate)}
            </Descriptions.Item>
            <Descriptions.Item label={t('summary.nextGateDue')}>{o.Next_Gate_Due ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('summary.keyDates')} span={2}>
              {t('summary.start')} {String(p.Start_Date ?? '—')} · {t('summary.sop')}{' '}
              {String(p.Sop_Date ?? '—')} · {t('summary.end')} {String(p.End_Date ?? '—')}
            </Descriptions.Item>
            <Descriptions.Item label={t('summary.milestones')} span={2}>
              {list(o.Milestones.map((m) => `${m.Task_Name} ${m.Date}`))}
            </Descriptions.Item>
            <Descriptions.Item label={t('summary.redDeliverables')} span={2}>
              {list(o.Red_Items.Deliverables)}
            </Descriptions.Item>
            <Descriptions.Item label={t('summary.overdueTasks')} span={2}>
              {list(o.Red_Items.Tasks)}
            </Descriptions.Item>
            <Descriptions.Item label={t('summary.redActions')} span={2}>
              {list(o.Red_Items.Actions)}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('summary.counts', {
              tasks: o.Counts.Tasks,
              actions: o.Counts.Open_Actions,
              deliverables: o.Counts.Deliverables,
            })}
          </Typography.Paragraph>
          <Typography.Title level={5}>{t('summary.log')}</Typography.Title>
          <List
            size="small"
            dataSource={o.Log}
            renderItem={(l) => (
              <List.Item>
                <Tag>{lbl(LOG_TYPES, l.Log_Type)}</Tag> {l.Content}{' '}
                <Typography.Text type="secondary">
                  {l.By ?? ''} {formatDateTime(l.At)}
                </Typography.Text>
              </List.Item>
            )}
          />
        </div>
      ),
    },
    {
      key: 'scorecard',
      label: t('tabs.scorecard'),
      children: (
        <div data-testid="pm-scorecard">
          <Table
            rowKey="Category"
            size="small"
            pagination={false}
            dataSource={o.Scorecard}
            columns={[
              {
                title: t('scorecard.category'),
                dataIndex: 'Category',
                render: (c: string) => t(`scorecard.${c}` as 'scorecard.timing'),
              },
              { title: t('scorecard.rating'), dataIndex: 'Rating', render: ryg },
              {
                title: t('scorecard.facts'),
                dataIndex: 'Facts',
                render: (f: Record<string, number>) =>
                  Object.keys(f).length
                    ? t('scorecard.factsText', {
                        green: f.green ?? 0,
                        total: f.total ?? 0,
                        overdue: f.overdue ?? 0,
                        openRed: f.openRed ?? 0,
                      })
                    : '—',
              },
            ]}
          />
        </div>
      ),
    },
    {
      key: 'assignment',
      label: t('tabs.assignment'),
      children: (
        <>
          <ProjectGantt projectId={id} />
          {taskDef && <EntityListPage def={taskDef} filters={{ Project_ID: id }} />}
        </>
      ),
    },
    ...GATES.map((g) => ({
      key: `P${g.value}`,
      label: (
        <span data-testid={`pm-tab-P${g.value}`}>
          P{g.value}
          {o.Deliverables.some(
            (d) => d.Gate === g.value && d.Rating === 3 && d.Gate <= Number(p.Current_Gate),
          )
            ? ' ●'
            : ''}
        </span>
      ),
      children: <GateTab o={o} gate={g.value} onChanged={refresh} ryg={ryg} lbl={lbl} />,
    })),
    {
      key: 'meeting',
      label: t('tabs.meeting'),
      children: meetingDef && <EntityListPage def={meetingDef} filters={{ Project_ID: id }} />,
    },
    {
      key: 'actions',
      label: t('tabs.actions'),
      children: actionDef && <EntityListPage def={actionDef} filters={{ Project_ID: id }} />,
    },
    {
      key: 'team',
      label: t('tabs.team'),
      children: (
        <Table
          rowKey={(r) => String(r.User_ID)}
          size="small"
          pagination={false}
          dataSource={p.Team ?? []}
          columns={[
            { title: t('deliverables.owner'), dataIndex: 'User_Name' },
            { title: '', dataIndex: 'Team_Role', render: (v: number) => lbl(TEAM_ROLES, v) },
            { title: '', dataIndex: 'Remark' },
          ]}
        />
      ),
    },
    {
      key: 'files',
      label: t('tabs.files'),
      children: projectDef && <AttachmentButton def={projectDef} id={id} />,
    },
  ];
  return (
    <>
      <Typography.Title level={4} data-testid="pm-detail-title">
        {String(p.Project_NO)} {String(p.Project_Name)}
      </Typography.Title>
      <Tabs items={items} destroyOnHidden />
    </>
  );
}

function GateTab({
  o,
  gate,
  onChanged,
  ryg,
  lbl,
}: {
  o: Overview;
  gate: number;
  onChanged: () => void;
  ryg: (r: 1 | 2 | 3) => React.ReactNode;
  lbl: (opts: EnumOption[], v: unknown) => string;
}) {
  const t = useModuleText(texts);
  const def = useEntityDef('ProjectDeliverable');
  const [editing, setEditing] = useState<number | null>(null);
  const rows = o.Deliverables.filter((d) => d.Gate === gate);
  if (!rows.length) return <Empty description={t('deliverables.empty')} />;
  return (
    <>
      <div data-testid={`pm-gate-P${gate}`}>
        <Table
          rowKey="Deliverable_ID"
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t('deliverables.name'), dataIndex: 'Deliverable_Name' },
            { title: t('deliverables.owner'), dataIndex: 'Owner_Name' },
            { title: t('deliverables.due'), dataIndex: 'Due_Date' },
            {
              title: t('deliverables.status'),
              dataIndex: 'Deliverable_Status',
              render: (v: number) => lbl(DELIVERABLE_STATUS, v),
            },
            { title: t('deliverables.rating'), dataIndex: 'Rating', render: ryg },
            {
              title: t('deliverables.evidence'),
              render: (_: unknown, d: Overview['Deliverables'][number]) =>
                def && (
                  <span>
                    <AttachmentButton def={def} id={d.Deliverable_ID} />{' '}
                    {d.Evidence_Required && <Tag>{t('deliverables.required')}</Tag>}
                  </span>
                ),
            },
            {
              title: '',
              render: (_: unknown, d: Overview['Deliverables'][number]) => (
                <Button
                  size="small"
                  type="link"
                  data-testid={`pm-deliverable-${d.Deliverable_ID}`}
                  onClick={() => setEditing(d.Deliverable_ID)}
                >
                  {t('deliverables.edit')}
                </Button>
              ),
            },
          ]}
        />
      </div>
      {def && editing !== null && (
        <EntityFormDrawer
          def={def}
          open
          id={editing}
          onClose={() => {
            setEditing(null);
            onChanged();
          }}
          onSaved={onChanged}
        />
      )}
    </>
  );
}
