import { Modal, type ModalProps } from 'antd';
import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';

/** Spec part 1 §9: dialogs are 410 px wide, draggable by the title, and focus their first input after 200 ms. */
export const DIALOG_WIDTH = 410;
export const DIALOG_FOCUS_DELAY_MS = 200;

export interface DraggableModalProps extends Omit<ModalProps, 'modalRender' | 'title'> {
  title: ReactNode;
  children: ReactNode;
}

export function DraggableModal({
  title,
  children,
  open,
  width = DIALOG_WIDTH,
  ...rest
}: DraggableModalProps) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    setOffset({ x: 0, y: 0 });
    const id = setTimeout(() => {
      body.current?.querySelector<HTMLInputElement>('input:not([disabled]), textarea')?.focus();
    }, DIALOG_FOCUS_DELAY_MS);
    return () => clearTimeout(id);
  }, [open]);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    // keep the title bar on screen so that the dialog can always be dragged back
    const x = Math.max(-window.innerWidth / 2, Math.min(window.innerWidth / 2, d.ox + e.clientX - d.x));
    const y = Math.max(-window.innerHeight / 4, Math.min(window.innerHeight * 0.7, d.oy + e.clientY - d.y));
    setOffset({ x, y });
  };
  const onUp = () => {
    drag.current = null;
  };

  return (
    <Modal
      {...rest}
      open={open}
      width={width}
      title={
        <div
          style={{ cursor: 'move', userSelect: 'none', touchAction: 'none' }}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
        >
          {title}
        </div>
      }
      modalRender={(node) => (
        <div style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }} ref={body}>
          {node}
        </div>
      )}
    >
      {children}
    </Modal>
  );
}
