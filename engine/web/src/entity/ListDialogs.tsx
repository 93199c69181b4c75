import type { EntityDef } from '@mes/model';
import type { PageScope } from '../platform/api';
import { ColumnSettingsDialog } from '../platform/ColumnSettingsDialog';
import { CustomFieldsDialog } from '../platform/CustomFieldsDialog';
import type { ListColumns } from '../platform/listColumns';
import { SetTagsDialog } from '../platform/tags';
import type { Row } from './format';

export type ListDialog = 'columns' | 'custom' | 'tags' | null;

export interface ListDialogsProps {
  def: EntityDef;
  /** The menu page and user the settings, custom fields and tags belong to. */
  scope: PageScope & { menuId: number };
  open: ListDialog;
  settings: ListColumns['settings']['data'];
  /** Whether the user may declare custom fields (from the column settings). */
  mayCustomize: boolean;
  /** Whether the user may tag the selected rows. */
  mayTag: boolean;
  selectedRows: Row[];
  onOpen: (d: ListDialog) => void;
  /** After tagging: the selection has been dealt with. */
  onTagged: () => void;
}

/** The dialogs a list on a menu page opens: column settings, custom fields, tags of the selected rows. */
export function ListDialogs({
  def,
  scope,
  open,
  settings,
  mayCustomize,
  mayTag,
  selectedRows,
  onOpen,
  onTagged,
}: ListDialogsProps) {
  const close = () => onOpen(null);
  return (
    <>
      <ColumnSettingsDialog
        def={def}
        scope={scope}
        open={open === 'columns'}
        settings={settings}
        onClose={close}
        onCustomFields={def.features.customFields && mayCustomize ? () => onOpen('custom') : undefined}
      />
      {def.features.customFields && (
        <CustomFieldsDialog
          def={def}
          menuId={scope.menuId}
          open={open === 'custom'}
          extendType={2}
          onClose={close}
        />
      )}
      {mayTag && (
        <SetTagsDialog
          def={def}
          menuId={scope.menuId}
          rows={selectedRows.map((r) => ({ id: Number(r[def.key]), tagValue: r.Tag_Value }))}
          open={open === 'tags'}
          canManage
          onClose={() => {
            close();
            onTagged();
          }}
        />
      )}
    </>
  );
}
