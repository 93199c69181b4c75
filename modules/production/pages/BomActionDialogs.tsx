import { RefSelect, useApi } from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import type { ButtonProps } from 'antd';
import { Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { bomNode } from '../bom.entity';
import { texts } from '../locales';
import type { BomNodeRow } from './bomTree';

/** Runs a request, shows the outcome and refreshes; true when it succeeded. */
type Act = (fn: () => Promise<unknown>, done?: string) => Promise<boolean>;

/** Copies the selected node and everything under it, into this BOM or another one. */
export function CopySubtreeDialog({
  bomId,
  current,
  nodes,
  act,
  onClose,
}: {
  bomId: number;
  current: BomNodeRow;
  nodes: BomNodeRow[];
  act: Act;
  onClose: () => void;
}) {
  const t = useModuleText(texts);
  const api = useApi();
  const [copyTo, setCopyTo] = useState<{ bom: number | null; parent: number | null }>({
    bom: bomId,
    parent: null,
  });
  return (
    <Modal
      open
      title={t('copySubtree')}
      onCancel={onClose}
      onOk={async () => {
        if (!copyTo.bom) return;
        const okDone = await act(() =>
          api.post('/BomNode/CopySubTree', {
            ID: current.ID,
            Bom_ID: copyTo.bom,
            Parent_ID: copyTo.parent,
          }),
        );
        if (okDone) onClose();
      }}
    >
      <p>{t('copyHint')}</p>
      <Space direction="vertical" style={{ width: '100%' }}>
        <RefSelect
          field={bomNode.fields.Bom_ID}
          value={copyTo.bom}
          onChange={(v) => setCopyTo({ bom: (v as number) ?? null, parent: null })}
        />
        <Typography.Text type="secondary">{t('copyTarget')}</Typography.Text>
        <Input
          data-testid="bom-copy-parent"
          placeholder="ID"
          value={copyTo.parent ?? ''}
          onChange={(e) =>
            setCopyTo((c) => ({
              ...c,
              parent: /^\d+$/.test(e.target.value) ? Number(e.target.value) : null,
            }))
          }
        />
        {copyTo.bom === bomId && (
          <Typography.Text type="secondary">
            {nodes
              .filter((n) => n.ID !== current.ID)
              .slice(0, 30)
              .map((n) => `${n.ID}: ${n.Node_Index} ${n.Material_Name}`)
              .join(' · ')}
          </Typography.Text>
        )}
      </Space>
    </Modal>
  );
}

/** Asks for a lock (or an unlock) of the BOM: a BomLock document that approval carries out. */
export function LockRequestDialog({
  bomId,
  locked,
  act,
  onClose,
}: {
  bomId: number;
  locked: boolean;
  act: Act;
  onClose: () => void;
}) {
  const t = useModuleText(texts);
  const api = useApi();
  const [lockNotes, setLockNotes] = useState('');
  return (
    <Modal
      open
      title={locked ? t('requestUnlock') : t('requestLock')}
      onCancel={onClose}
      okButtonProps={{ disabled: !lockNotes.trim(), 'data-testid': 'bom-lock-ok' } as ButtonProps}
      onOk={async () => {
        const okDone = await act(
          () =>
            api.post('/BomLock', {
              Bom_ID: bomId,
              Lock_Type: locked ? 2 : 1,
              Lock_Notes: lockNotes.trim(),
            }),
          t('lockRequested'),
        );
        if (okDone) onClose();
      }}
    >
      <Input.TextArea
        rows={3}
        placeholder={t('lockNotes')}
        value={lockNotes}
        onChange={(e) => setLockNotes(e.target.value)}
        data-testid="bom-lock-notes"
      />
    </Modal>
  );
}
