import type { EntityDef } from '@mes/model';
import { Drawer, Modal, Result, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../i18n';
import { EntityForm, pastDraft } from './EntityForm';
import type { Row } from './format';
import type { FormValues } from './payload';
import { useEntityRecord } from './queries';

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
}

export const FORM_DRAWER_WIDTH = 720;
/** A document with lines needs room for its line table. */
export const LINES_DRAWER_WIDTH = 1180;

/** The form in a drawer beside the list, with the unsaved-changes guard on every way of closing it. */
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
}: EntityFormDrawerProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const [modal, modalHolder] = Modal.useModal();
  const [dirty, setDirty] = useState(false);
  const rec = useEntityRecord(def, open ? id : null);

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: t('form.unsavedTitle'),
      content: t('form.unsavedContent'),
      okText: t('form.discard'),
      cancelText: t('form.keepEditing'),
      okButtonProps: { danger: true, 'data-testid': 'entity-form-discard' },
      onOk: () => {
        setDirty(false);
        onClose();
      },
    });
  };

  const entity = label(def.label);
  const viewing = readOnly || (!!id && pastDraft(def, rec.data));
  const title = t(viewing ? 'form.viewTitle' : id ? 'form.editTitle' : 'form.addTitle', { entity });
  let body: ReactNode;
  if (id && rec.isPending) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else if (id && rec.isError) body = <Result status="warning" title={t('form.notFound')} />;
  else
    body = (
      <EntityForm
        key={id ?? 'new'}
        def={def}
        record={id ? rec.data : undefined}
        readOnly={readOnly}
        hiddenLines={hiddenLines}
        menuId={menuId}
        buttons={buttons}
        presets={presets}
        onCancel={close}
        onDirtyChange={setDirty}
        onSaved={(r) => {
          setDirty(false);
          onSaved?.(r);
          onClose();
        }}
      />
    );

  return (
    <Drawer
      open={open}
      title={title}
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
