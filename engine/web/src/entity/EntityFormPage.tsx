import type { EntityDef } from '@mes/model';
import { Card, Modal, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useLabel } from '../i18n';
import { EntityForm } from './EntityForm';
import { useEntityRecord } from './queries';

export interface EntityFormPageProps {
  def: EntityDef;
  /** null creates a record. */
  id: number | null;
  readOnly?: boolean;
  /** Where to go after save or cancel (usually back to the list). */
  onDone: () => void;
  menuId?: number;
  buttons?: ReadonlySet<string>;
}

/**
 * The form as a page of its own (deep links such as `/setting/factory/12`). Needs a data router: leaving
 * with unsaved changes is stopped by useBlocker, reloading by beforeunload.
 */
export function EntityFormPage({ def, id, readOnly, onDone, menuId, buttons }: EntityFormPageProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const [dirty, setDirty] = useState(false);
  const rec = useEntityRecord(def, id);
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

  const entity = label(def.label);
  const title = t(readOnly ? 'form.viewTitle' : id ? 'form.editTitle' : 'form.addTitle', { entity });
  if (id && rec.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (id && rec.isError) return <Result status="warning" title={t('form.notFound')} />;
  return (
    <Card title={title} data-testid="entity-form-page">
      <EntityForm
        key={id ?? 'new'}
        def={def}
        record={id ? rec.data : undefined}
        readOnly={readOnly}
        menuId={menuId}
        buttons={buttons}
        onDirtyChange={setDirty}
        onCancel={onDone}
        // Saving ends the dirty state first so that the blocker lets the navigation through.
        onSaved={() => {
          setDirty(false);
          setTimeout(onDone, 0);
        }}
      />
    </Card>
  );
}
