export {
  DIALOG_FOCUS_DELAY_MS,
  DIALOG_WIDTH,
  DraggableModal,
  type DraggableModalProps,
} from '../platform/DraggableModal';
export { buildColumns, parseSort, type SortState, sortParam } from './columns';
export { createQueryClient, EngineProvider, useApi, useEntityDef, useRegistry } from './context';
export { type ControlProps, FieldControl, type FieldControlProps } from './controls';
export { EntityForm, type EntityFormProps, SUCCESS_TOAST_SECONDS } from './EntityForm';
export { EntityFormDrawer, type EntityFormDrawerProps } from './EntityFormDrawer';
export { EntityFormPage, type EntityFormPageProps } from './EntityFormPage';
export { EntityListPage, type EntityListPageProps } from './EntityListPage';
export { type EntityPages, EntityPagesProvider, useRecordOpener } from './entityPages';
export * from './format';
export { LinesEditor, type LinesEditorProps } from './LinesEditor';
export { type ModulePageProps, type ModulePages, useListProps } from './modulePages';
export * from './payload';
export * from './queries';
export { RefSelect, type RefSelectProps } from './RefSelect';
export { buildTree, type TreeRow } from './tree';
