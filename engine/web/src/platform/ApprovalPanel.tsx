import { allows, type EntityDef } from '@mes/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Input, Modal, Radio, Select, Space, Steps, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../entity/context';
import { announceDone, type DoneAction } from '../entity/feedback';
import { formatDateTime, type Row } from '../entity/format';
import { type ApprovalStep, type Approver, platformKeys } from './api';
import { ACTION_BUTTON, type ApprovalAction, actionsFor, stateIndex, stepStatus } from './steps';

export const APPROVAL_DIALOG_WIDTH = 400;
const STEP_KEYS = ['draft', 'inApproval', 'approved', 'closed'] as const;

/** The step progress bar of a document's life cycle. */
export function StateSteps({ state }: { state: unknown }) {
  const { t } = useTranslation();
  const current = stateIndex(state);
  if (current < 0) return null;
  return (
    <Steps
      size="small"
      current={current}
      data-testid="approval-steps"
      items={STEP_KEYS.map((k, i) => ({
        title: t(`platform.approval.steps.${k}`),
        status: stepStatus(current, i),
      }))}
    />
  );
}

type Choice = 'approve' | 'transfer' | 'reject';

const DONE_OF: Record<ApprovalAction, DoneAction> = {
  Approve: 'approve',
  UnApprove: 'unapprove',
  Rejected: 'reject',
  Complete: 'complete',
  Submit: 'submit',
  Withdraw: 'withdraw',
};

/**
 * Approval on a document's form (DESIGN.md §5, spec part 2 §4): the actions its state allows, the
 * 400 px dialog with transfer and reason, and the document's approval history.
 */
export function ApprovalPanel({
  def,
  record,
  buttons,
}: {
  def: EntityDef;
  record: Row;
  buttons?: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const qc = useQueryClient();
  const id = Number(record[def.key]);
  const may = (b: string) => !buttons || buttons.has(b);
  // what the server's rules allow this user now (levels, current approver, author); the state alone
  // only while that answer cannot be had
  const allowed = useQuery({
    queryKey: ['entity', def.name, 'approvalActions', id, record.Version, record.State],
    queryFn: ({ signal }) =>
      api.data<{ Actions: ApprovalAction[]; Levels: number }>(`/${def.name}/${id}/ApprovalActions`, {
        signal,
        quiet: true,
      }),
    enabled: id > 0,
    retry: false,
  });
  const answered = Array.isArray(allowed.data?.Actions) ? allowed.data.Actions : null;
  const actions = (
    answered
      ? answered.filter((a) => may(ACTION_BUTTON[a]))
      : allowed.isError || allowed.data
        ? actionsFor(record.State, may)
        : []
  ).filter((a) => a !== 'UnApprove' || allows(def, 'unapprove', record));
  const [dialog, setDialog] = useState<'approve' | 'Complete' | null>(null);
  const [choice, setChoice] = useState<Choice>('approve');
  const [next, setNext] = useState<number | undefined>();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const history = useQuery({
    queryKey: platformKeys.history(def.name, id),
    queryFn: ({ signal }) => api.data<ApprovalStep[]>(`/${def.name}/${id}/ApprovalHistory`, { signal }),
    enabled: id > 0,
  });
  const approvers = useQuery({
    // only those the document may go to: not its author, and holding the approve grant
    queryKey: ['platform', 'approvers', def.name, id],
    queryFn: ({ signal }) =>
      api.data<Approver[]>('/ApprovalSetting/Approvers', { query: { Entity: def.name, ID: id }, signal }),
    enabled: dialog === 'approve' && choice === 'transfer',
    staleTime: 60_000,
  });

  const act = async (action: ApprovalAction, extra: Record<string, unknown> = {}) => {
    setBusy(true);
    try {
      await api.post(`/${def.name}/${action}`, { [def.key]: id, ...extra });
      // 已审核 IV2026110055: what was done, to which document, once
      announceDone(t, extra.Next_User_ID ? 'transfer' : DONE_OF[action], def, record);
      setDialog(null);
      await qc.invalidateQueries({ queryKey: ['entity', def.name] });
      await qc.invalidateQueries({ queryKey: platformKeys.history(def.name, id) });
    } catch {
      // the client showed the server's message; the dialog stays open
    } finally {
      setBusy(false);
    }
  };

  const open = (d: 'approve' | 'Complete') => {
    setDialog(d);
    setChoice(actions.includes('Approve') ? 'approve' : 'reject');
    setNext(undefined);
    setReason('');
    setProblem(null);
  };
  const submit = () => {
    setProblem(null);
    const why = reason.trim();
    if (dialog === 'Complete' || choice === 'reject') {
      if (!why) return setProblem(t('platform.approval.reasonRequired'));
      return act(dialog === 'Complete' ? 'Complete' : 'Rejected', { Rejected_Msg: why });
    }
    if (choice === 'transfer') {
      if (!next) return setProblem(t('platform.approval.chooseUser'));
      return act('Approve', { Next_User_ID: next });
    }
    return act('Approve');
  };

  const state = Number(record.State);
  return (
    <div data-testid="approval-panel">
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 12 }}>
        <div style={{ flex: 1 }}>
          <StateSteps state={state} />
        </div>
        <Space>
          {state === 2 && record.Next_User_Name ? (
            <Tag color="orange">
              {t('platform.approval.pending')}: {String(record.Next_User_Name)}
            </Tag>
          ) : null}
          {actions.includes('Submit') && (
            <Button
              type="primary"
              loading={busy}
              onClick={() => act('Submit')}
              data-testid="approval-submit-doc"
            >
              {t('platform.approval.submit')}
            </Button>
          )}
          {actions.includes('Withdraw') && (
            <Button
              loading={busy}
              onClick={() =>
                Modal.confirm({
                  title: t('platform.approval.withdraw'),
                  content: t('platform.approval.withdrawConfirm'),
                  okButtonProps: { 'data-testid': 'approval-withdraw-confirm' },
                  onOk: () => act('Withdraw'),
                })
              }
              data-testid="approval-withdraw"
            >
              {t('platform.approval.withdraw')}
            </Button>
          )}
          {(actions.includes('Approve') || actions.includes('Rejected')) && (
            <Button type="primary" onClick={() => open('approve')} data-testid="approval-open">
              {t('platform.approval.approve')}
            </Button>
          )}
          {actions.includes('UnApprove') && (
            <Button
              loading={busy}
              onClick={() =>
                Modal.confirm({
                  title: t('platform.approval.unapprove'),
                  okButtonProps: { 'data-testid': 'approval-unapprove-confirm' },
                  onOk: () => act('UnApprove'),
                })
              }
              data-testid="approval-unapprove"
            >
              {t('platform.approval.unapprove')}
            </Button>
          )}
          {actions.includes('Complete') && (
            <Button onClick={() => open('Complete')} data-testid="approval-complete">
              {t('platform.approval.complete')}
            </Button>
          )}
        </Space>
      </Flex>
      {!!history.data?.length && (
        <>
          <Typography.Text strong>{t('platform.approval.history')}</Typography.Text>
          <Table<ApprovalStep>
            size="small"
            rowKey="ID"
            pagination={false}
            dataSource={history.data}
            data-testid="approval-history"
            columns={[
              {
                key: 'a',
                title: t('platform.approval.action'),
                render: (_v, r) => t(`platform.approval.actions.${r.Action}`),
              },
              { key: 'o', dataIndex: 'Operator_Name', title: t('platform.approval.operator') },
              { key: 'n', dataIndex: 'Next_User_Name', title: t('platform.approval.nextUser') },
              { key: 'r', dataIndex: 'Rejected_Msg', title: t('platform.approval.reason') },
              { key: 't', title: t('platform.approval.time'), render: (_v, r) => formatDateTime(r.Op_Time) },
            ]}
          />
        </>
      )}
      <Modal
        open={dialog !== null}
        width={APPROVAL_DIALOG_WIDTH}
        title={dialog === 'Complete' ? t('platform.approval.complete') : t('platform.approval.title')}
        onCancel={() => setDialog(null)}
        onOk={submit}
        okButtonProps={{ loading: busy, 'data-testid': 'approval-submit' }}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          {dialog === 'approve' && (
            <Radio.Group
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              options={[
                ...(actions.includes('Approve')
                  ? [
                      { value: 'approve', label: t('platform.approval.approve') },
                      { value: 'transfer', label: t('platform.approval.transfer') },
                    ]
                  : []),
                ...(actions.includes('Rejected')
                  ? [{ value: 'reject', label: t('platform.approval.reject') }]
                  : []),
              ]}
              data-testid="approval-choice"
            />
          )}
          {dialog === 'approve' && choice === 'transfer' && (
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('platform.approval.chooseUser')}
              value={next}
              onChange={setNext}
              loading={approvers.isFetching}
              options={(approvers.data ?? []).map((u) => ({
                value: u.User_ID,
                label: u.Disabled ? `${u.User_Name}${t('platform.approval.disabledUser')}` : u.User_Name,
                disabled: u.Disabled,
              }))}
              data-testid="approval-next-user"
            />
          )}
          {(dialog === 'Complete' || choice === 'reject') && (
            <Input.TextArea
              rows={3}
              maxLength={500}
              placeholder={t('platform.approval.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid="approval-reason"
            />
          )}
          {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
        </Flex>
      </Modal>
    </div>
  );
}
