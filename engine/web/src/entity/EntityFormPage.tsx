import type { EntityDef } from '@mes/model';
import { Card, Modal, Result, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useLabel } from '../i18n';
import { EntityForm } from './EntityForm';
import { recordName } from './feedback';
import { useEntityRecord } from './queries';
import { RecordTitle } from './RecordTitle';

export interface EntityFormPageProps {
  def: EntityDef;
  /** null creates a record. */
  id: number | null;
  readOnly?: boolean;
  /** Where to go on cancel, Esc or 返回 (usually back to the list); a save stays on the record. */
  onDone: () => void;
  /** A new record was saved: the page goes on showing it (its own address, `{page}/{id}`). */
  onCreated?: (id: number) => void;
  /** The record's name once read (its document number, recordName), for the page's tab. */
  onNamed?: (name: string) => void;
  menuId?: number;
  buttons?: ReadonlySet<string>;
}

/**
 * The form as a page of its own (deep links such as `/setting/factory/12`). Needs a data router: leaving
 * with unsaved changes is stopped by useBlocker, reloading by beforeunload.
 */
export function EntityFormPage({
  def,
  id,
  readOnly,
  onDone,
  onCreated,
  onNamed,
  menuId,
  buttons,
}: EntityFormPageProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const [dirty, setDirty] = useState(false);
  // a new record, once saved, is shown as itself (its number, approval, print) until the route follows
  const [saved, setSaved] = useState<number | null>(null);
  const current = id ?? saved;
  const rec = useEntityRecord(def, current);
  const blocker = useBlocker(dirty);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    Modal.confirm({
      title: t('form.unsavedTitle'),
      content: t('form.unsavedContent'),
      okText: t('form.discard'),
      cancelText: t('form.keepEditing'),
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, t]);

  useEffect(() => {
    if (!dirty) return;
    const h = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', h);
    return () => window.removeEventListener('beforeunload', h);
  }, [dirty]);

  // Esc leaves, as 返回 does (the blocker asks when there are unsaved changes); not while a picker,
  // a date or a dialog has the key to close itself
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const h = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const at = e.target instanceof Element ? e.target : null;
      if (at?.closest('.ant-select, .ant-picker, .ant-modal, .ant-drawer, .ant-dropdown')) return;
      if (document.querySelector('.ant-modal-wrap, .ant-select-dropdown:not(.ant-select-dropdown-hidden)'))
        return;
      done.current();
    };
    window.addEventListener('keydown', h);
    return () => window.removeEventListener('keydown', h);
  }, []);

  const name = rec.data ? recordName(def, rec.data) : '';
  const named = useRef(onNamed);
  named.current = onNamed;
  useEffect(() => {
    if (name) named.current?.(name);
  }, [name]);

  const entity = label(def.label);
  const title = t(readOnly ? 'form.viewTitle' : current ? 'form.editTitle' : 'form.addTitle', { entity });
  if (current && rec.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (current && rec.isError) return <Result status="warning" title={t('form.notFound')} />;
  return (
    <Card
      title={
        <Space size={8} wrap>
          <span>{title}</span>
          {current && rec.data ? <RecordTitle def={def} record={rec.data} /> : null}
        </Space>
      }
      data-testid="entity-form-page"
    >
      <EntityForm
        key={current ?? 'new'}
        def={def}
        record={current ? rec.data : undefined}
        readOnly={readOnly}
        menuId={menuId}
        buttons={buttons}
        onDirtyChange={setDirty}
        onCancel={onDone}
        // Saving ends the dirty state first, so that the blocker lets the route follow the new record
        onSaved={(r) => {
          setDirty(false);
          const made = Number(r[def.key]);
          if (!id && made > 0) {
            setSaved(made);
            if (onCreated) setTimeout(() => onCreated(made), 0);
          }
        }}
      />
    </Card>
  );
}
