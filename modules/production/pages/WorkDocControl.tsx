import { RefSelect, type Row, useApi } from '@mes/engine-web/entity';
import { type TextKey, useLabel, useModuleText } from '@mes/engine-web/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { texts } from '../locales';
import type { Texts } from '../locales/zh';
import { type WorkOrderEvent, workOrderEventsFrom } from '../logic/states';
import { SCHEDULE_STATUS_OPTIONS, WORK_ORDER_TYPES, workOrder } from '../plan.entity';
import { Gantt } from './Gantt';
import type { ProductionPageProps } from './PlanPages';
import { FormDialog, PickDialog, ReportDialog } from './WorkOrderDialogs';

const STATUS_COLOR: Record<number, string> = {
  0: 'default',
  1: 'gold',
  2: 'processing',
  3: 'warning',
  4: 'success',
  8: 'cyan',
  9: 'default',
};
const ACTION: Record<WorkOrderEvent, string> = {
  schedule: 'Schedule',
  unschedule: 'Unschedule',
  start: 'Start',
  pause: 'Pause',
  resume: 'Resume',
  complete: 'Complete',
  settle: 'Settle',
  close: 'Close',
};

/** Work-doc control (/Factory/workDocControl): work orders with their state actions, picking, output and the schedule. */
export function WorkDocControl({ meta }: ProductionPageProps) {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [status, setStatus] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ kind: WorkOrderEvent | 'report' | 'pick'; row: Row } | null>(null);
  const may = (b: string) => !meta.buttons || meta.buttons.includes(b);
  const q = useQuery({
    queryKey: ['prod', 'orders', status, keyword, page],
    queryFn: () =>
      api.get<Row[]>('/WorkOrder', {
        Page: page,
        PageSize: 20,
        Schedule_Status: status,
        KeyWord: keyword || undefined,
      }),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['prod'] });
  const run = async (action: string, body: Row) => {
    try {
      await api.post(`/WorkOrder/${action}`, body);
      message.success(t('ok'));
      setDialog(null);
      await refresh();
    } catch {
      // the api client shows the server's message
    }
  };
  const statusLabel = (v: number) =>
    label(SCHEDULE_STATUS_OPTIONS.find((o) => o.value === v)?.label ?? { zh: '', en: '' });
  const typeLabel = (v: number) =>
    label(WORK_ORDER_TYPES.find((o) => o.value === v)?.label ?? { zh: '', en: '' });

  const table = (
    <>
      <Space style={{ marginBottom: 8 }} wrap>
        <Input.Search
          placeholder={label(workOrder.fields.Order_NO.label)}
          allowClear
          onSearch={(v) => {
            setKeyword(v);
            setPage(1);
          }}
          style={{ width: 220 }}
        />
        <Select
          allowClear
          placeholder={t('status')}
          style={{ width: 160 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={SCHEDULE_STATUS_OPTIONS.map((o) => ({ value: o.value, label: label(o.label) }))}
          data-testid="order-status-filter"
        />
      </Space>
      <Table<Row>
        size="small"
        rowKey="Work_Order_ID"
        loading={q.isLoading}
        dataSource={q.data?.Data ?? []}
        pagination={{ current: page, pageSize: 20, total: q.data?.Paging?.TotalCount, onChange: setPage }}
        scroll={{ x: 1500 }}
        data-testid="work-orders"
        columns={[
          { title: label(workOrder.fields.Order_NO.label), dataIndex: 'Order_NO', width: 130 },
          {
            title: t('status'),
            dataIndex: 'Schedule_Status',
            width: 90,
            render: (v: number) => <Tag color={STATUS_COLOR[v]}>{statusLabel(v)}</Tag>,
          },
          { title: label(workOrder.fields.Work_Doc_ID.label), dataIndex: 'Work_Doc_NO', width: 120 },
          { title: t('orderType'), dataIndex: 'Order_Type', width: 90, render: typeLabel },
          { title: t('product'), dataIndex: 'Material_Name', width: 140, ellipsis: true },
          { title: t('orderQty'), dataIndex: 'Qty', align: 'right', width: 80, render: Number },
          { title: t('good'), dataIndex: 'Good_Qty', align: 'right', width: 70, render: Number },
          { title: t('scrapQty'), dataIndex: 'Scrap_Qty', align: 'right', width: 70, render: Number },
          {
            title: label(workOrder.fields.Received_Qty.label),
            dataIndex: 'Received_Qty',
            align: 'right',
            width: 70,
            render: Number,
          },
          { title: t('station'), dataIndex: 'Work_Station_Name', width: 110 },
          {
            title: t('planStart'),
            dataIndex: 'Plan_Start',
            width: 100,
            render: (v: string) => v?.slice(0, 10),
          },
          { title: t('planEnd'), dataIndex: 'Plan_End', width: 100, render: (v: string) => v?.slice(0, 10) },
          {
            title: '',
            fixed: 'right',
            width: 260,
            render: (_, r) => (
              <Space size={0} wrap>
                {may('edit') &&
                  workOrderEventsFrom(Number(r.Schedule_Status))
                    .filter((e) => e !== 'close' || may('close'))
                    .map((e) => (
                      <Button
                        key={e}
                        type="link"
                        size="small"
                        danger={e === 'close'}
                        data-testid={`order-${e}-${r.Order_NO}`}
                        onClick={() =>
                          ['schedule', 'complete', 'close'].includes(e)
                            ? setDialog({ kind: e, row: r })
                            : run(ACTION[e], { Work_Order_ID: r.Work_Order_ID })
                        }
                      >
                        {t(e as TextKey<Texts>)}
                      </Button>
                    ))}
                {[1, 2, 3].includes(Number(r.Schedule_Status)) && may('edit') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setDialog({ kind: 'pick', row: r })}
                    data-testid={`order-pick-${r.Order_NO}`}
                  >
                    {t('pickList')}
                  </Button>
                )}
                {Number(r.Schedule_Status) === 2 && may('edit') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setDialog({ kind: 'report', row: r })}
                    data-testid={`order-report-${r.Order_NO}`}
                  >
                    {t('report')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );

  return (
    <Card size="small" title={label(meta.title)} data-testid="work-doc-control">
      <Tabs
        items={[
          { key: 'orders', label: t('workOrders'), children: table },
          { key: 'gantt', label: t('gantt'), children: <Gantt /> },
        ]}
      />
      {dialog?.kind === 'schedule' && (
        <FormDialog
          title={t('schedule')}
          onClose={() => setDialog(null)}
          onOk={(v) =>
            run('Schedule', {
              Work_Order_ID: dialog.row.Work_Order_ID,
              ...(v.Work_Station_ID ? { Work_Station_ID: v.Work_Station_ID } : {}),
              ...(v.Plan
                ? {
                    Plan_Start: (v.Plan as Dayjs[])[0].format('YYYY-MM-DD'),
                    // levelled: the server sets the end from the station's free capacity
                    ...(v.Level ? {} : { Plan_End: (v.Plan as Dayjs[])[1].format('YYYY-MM-DD') }),
                  }
                : {}),
            })
          }
          initial={{
            Work_Station_ID: dialog.row.Work_Station_ID,
            Plan: [dayjs(String(dialog.row.Plan_Start)), dayjs(String(dialog.row.Plan_End))],
          }}
        >
          <Form.Item
            name="Work_Station_ID"
            label={t('station')}
            rules={[{ required: true }]}
            data-testid="schedule-station"
          >
            <RefSelect
              field={workOrder.fields.Work_Station_ID}
              initialLabel={dialog.row.Work_Station_Name as string | undefined}
            />
          </Form.Item>
          <Form.Item name="Plan" label={`${t('planStart')} / ${t('planEnd')}`}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item name="Level" valuePropName="checked" data-testid="schedule-level">
            <Checkbox>{t('levelByCapacity')}</Checkbox>
          </Form.Item>
        </FormDialog>
      )}
      {dialog?.kind === 'complete' && (
        <FormDialog
          title={t('complete')}
          onClose={() => setDialog(null)}
          onOk={(v) =>
            run('Complete', {
              Work_Order_ID: dialog.row.Work_Order_ID,
              ...(v.Qty ? { Qty: String(v.Qty) } : {}),
              ...(v.Location_ID ? { Location_ID: v.Location_ID } : {}),
            })
          }
          initial={{
            Qty: String(Number(dialog.row.Good_Qty) - Number(dialog.row.Received_Qty)),
            Location_ID: dialog.row.Location_ID,
          }}
        >
          <Form.Item name="Qty" label={t('receiveQty')}>
            <InputNumber<string> stringMode min="0" data-testid="complete-qty" />
          </Form.Item>
          <Form.Item name="Location_ID" label={t('location')}>
            <RefSelect
              field={workOrder.fields.Location_ID}
              initialLabel={dialog.row.Location_Name as string | undefined}
            />
          </Form.Item>
        </FormDialog>
      )}
      {dialog?.kind === 'close' && (
        <FormDialog
          title={t('close')}
          onClose={() => setDialog(null)}
          onOk={(v) =>
            run('Close', { Work_Order_ID: dialog.row.Work_Order_ID, Close_Reason: v.Close_Reason })
          }
        >
          <Form.Item
            name="Close_Reason"
            label={t('closeReason')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </FormDialog>
      )}
      {dialog?.kind === 'report' && (
        <ReportDialog
          row={dialog.row}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
      {dialog?.kind === 'pick' && (
        <PickDialog
          row={dialog.row}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
    </Card>
  );
}
