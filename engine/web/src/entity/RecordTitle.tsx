import { type EntityDef, STATE, STATE_LABELS } from '@mes/model';
import { Tag, Typography } from 'antd';
import { useLabel } from '../i18n';
import { recordName } from './feedback';
import type { Row } from './format';

const STATE_COLOURS: Readonly<Record<number, string>> = {
  [STATE.VOID]: 'red',
  [STATE.DRAFT]: 'default',
  [STATE.IN_APPROVAL]: 'orange',
  [STATE.APPROVED]: 'green',
  [STATE.CLOSED]: 'purple',
};

/**
 * Which record a form shows, as people name it (IV2026110055, not an id), and a document's state: a
 * voided one opened from a list or a link says so at once.
 */
export function RecordTitle({ def, record }: { def: EntityDef; record: Row }) {
  const label = useLabel();
  const name = recordName(def, record);
  const state = Number(record.State);
  const stated = def.kind === 'document' && STATE_LABELS[state];
  return (
    <>
      {name && (
        <Typography.Text strong data-testid="record-title">
          {name}
        </Typography.Text>
      )}
      {stated ? (
        <Tag color={STATE_COLOURS[state]} data-testid="record-state">
          {label(stated)}
        </Tag>
      ) : null}
    </>
  );
}
