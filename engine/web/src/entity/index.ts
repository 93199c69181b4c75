export { AttachmentButton } from '../platform/AttachmentDialog';
export {
  DIALOG_FOCUS_DELAY_MS,
  DIALOG_WIDTH,
  DraggableModal,
  type DraggableModalProps,
} from '../platform/DraggableModal';
export { buildColumns, parseSort, type SortState, sortParam } from './columns';
export { createQueryClient, EngineProvider, useApi, useEntityDef, useRegistry } from './context';
export { type ControlProps, FieldControl, type FieldControlProps } from './controls';
export { duplicateOf } from './duplicate';
export { EntityForm, type EntityFormProps, SUCCESS_TOAST_SECONDS } from './EntityForm';
export { EntityFormDrawer, type EntityFormDrawerProps } from './EntityFormDrawer';
export { EntityFormPage, type EntityFormPageProps } from './EntityFormPage';
export { EntityListPage, type EntityListPageProps } from './EntityListPage';
export { type EntityPages, EntityPagesProvider, useRecordOpener } from './entityPages';
export {
  announceDone,
  DONE_TOAST_SECONDS,
  type DoneAction,
  doneText,
  recordName,
  removeAction,
} from './feedback';
export * from './format';
export { LinesEditor, type LinesEditorProps } from './LinesEditor';
export { type ModulePageProps, type ModulePages, useListProps } from './modulePages';
export * from './payload';
export * from './queries';
export { RecordTitle } from './RecordTitle';
export { RefSelect, type RefSelectProps } from './RefSelect';
export { buildTree, type TreeRow } from './tree';
