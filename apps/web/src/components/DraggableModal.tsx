// the dialog moved to the engine so that module pages use it too; the shell keeps its import path
export {
  DIALOG_FOCUS_DELAY_MS,
  DIALOG_WIDTH,
  DraggableModal,
  type DraggableModalProps,
} from '@mes/engine-web/entity';
