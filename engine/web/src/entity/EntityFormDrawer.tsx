import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { EntityDef } from '@mes/model';
import { Button, Drawer, Modal, Result, Space, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../i18n';
import { EntityForm, pastDraft } from './EntityForm';
import { announceDone } from './feedback';
import type { Row } from './format';
import type { FormValues } from './payload';
import { useEntityRecord } from './queries';
import { RecordTitle } from './RecordTitle';

export interface EntityFormDrawerProps {
  def: EntityDef;
  open: boolean;
  /** null creates a record; an id loads it fresh (lines and current Version) for editing. */
  id: number | null;
  readOnly?: boolean;
  onClose: () => void;
  onSaved?: (record: Row) => void;
  hiddenLines?: readonly string[];
  menuId?: number;
  buttons?: ReadonlySet<string>;
  /** Values the page fixes: a new record starts with them, locked (EntityForm presets). */
  presets?: FormValues;
  /** The ids of the list the form was opened from, in its order: 上一条 / 下一条 walk them. */
  siblings?: readonly number[];
}

export const FORM_DRAWER_WIDTH = 720;
/** A document with lines needs room for its line table. */
export const LINES_DRAWER_WIDTH = 1180;

/**
 * The form in a drawer beside the list, with the unsaved-changes guard on every way of leaving it.
 * Saving keeps it open on the saved record, with the actions its state now allows (approve, print);
 * 复制 opens a copy as a new record, and 上一条 / 下一条 walk the list it was opened from.
 */
export function EntityFormDrawer({
  def,
  open,
  id,
  readOnly,
  onClose,
  onSaved,
  hiddenLines,
  menuId,
  buttons,
  presets,
  siblings,
}: EntityFormDrawerProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const [modal, modalHolder] = Modal.useModal();
  const [dirty, setDirty] = useState(false);
  // what the drawer shows now: the record opened, the one just saved, a neighbour or a copy
  const [shown, setShown] = useState<{ id: number | null; copy?: Row; n: number }>({ id, n: 0 });
  // opened again, or on another record by the page: that record, not the one walked to before (set
  // while rendering, so that the form is not drawn once with the old record first)
  const [asked, setAsked] = useState({ open, id });
  if (asked.open !== open || asked.id !== id) {
    setAsked({ open, id });
    if (open) setShown((s) => ({ id, n: s.n + 1 }));
  }
  const current = shown.id;
  const rec = useEntityRecord(def, open ? current : null);

  // leaving unsaved changes asks first, whichever way the user leaves
  const leave = (go: () => void) => {
    if (!dirty) return go();
    modal.confirm({
      title: t('form.unsavedTitle'),
      content: t('form.unsavedContent'),
      okText: t('form.discard'),
      cancelText: t('form.keepEditing'),
      okButtonProps: { danger: true, 'data-testid': 'entity-form-discard' },
      onOk: () => {
        setDirty(false);
        go();
      },
    });
  };
  const close = () => leave(onClose);
  const show = (next: { id: number | null; copy?: Row }) =>
    leave(() => setShown((s) => ({ ...next, n: s.n + 1 })));

  const at = current === null ? -1 : (siblings?.indexOf(current) ?? -1);
  const neighbour = (step: -1 | 1) => (at < 0 ? undefined : siblings?.[at + step]);
  const walk = (step: -1 | 1, testId: string, icon: ReactNode, text: string) => {
    const to = neighbour(step);
    return (
      <Button
        size="small"
        icon={icon}
        disabled={to === undefined}
        onClick={() => to !== undefined && show({ id: to })}
        data-testid={testId}
      >
        {text}
      </Button>
    );
  };

  const entity = label(def.label);
  const viewing = readOnly || (!!current && pastDraft(def, rec.data));
  const title = t(viewing ? 'form.viewTitle' : current ? 'form.editTitle' : 'form.addTitle', { entity });
  let body: ReactNode;
  if (current && rec.isPending) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else if (current && rec.isError) body = <Result status="warning" title={t('form.notFound')} />;
  else
    body = (
      <EntityForm
        key={`${current ?? 'new'}-${shown.n}`}
        def={def}
        record={current ? rec.data : undefined}
        start={current ? undefined : shown.copy}
        readOnly={readOnly}
        hiddenLines={hiddenLines}
        menuId={menuId}
        buttons={buttons}
        presets={presets}
        onCancel={close}
        onDirtyChange={setDirty}
        onDuplicate={
          readOnly || def.kind === 'log'
            ? undefined
            : (copy) => {
                show({ id: null, copy });
                announceDone(t, 'duplicate', def, rec.data);
              }
        }
        onSaved={(r) => {
          setDirty(false);
          onSaved?.(r);
          // a new record stays open as itself: its number, approval and print are now at hand
          const saved = Number(r[def.key]);
          if (saved > 0 && saved !== current) setShown((s) => ({ id: saved, n: s.n + 1 }));
        }}
      />
    );

  return (
    <Drawer
      open={open}
      title={
        <Space size={8} wrap>
          <span>{title}</span>
          {current && rec.data ? <RecordTitle def={def} record={rec.data} /> : null}
        </Space>
      }
      extra={
        siblings?.length && current ? (
          <Space size={4}>
            {walk(-1, 'entity-form-previous', <LeftOutlined />, t('form.previous'))}
            {walk(1, 'entity-form-next', <RightOutlined />, t('form.next'))}
          </Space>
        ) : null
      }
      size={Math.min(
        window.innerWidth,
        Object.keys(def.lines).length ? LINES_DRAWER_WIDTH : FORM_DRAWER_WIDTH,
      )}
      onClose={close}
      destroyOnHidden
      mask={{ closable: !dirty }}
      data-testid="entity-form-drawer"
    >
      {modalHolder}
      {open && body}
    </Drawer>
  );
}
