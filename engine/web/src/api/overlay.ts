/** A tiny external store so that the client (no React) can drive the overlay that the shell renders. */
type Listener = () => void;

let visible = false;
const listeners = new Set<Listener>();

export const overlayStore = {
  show(): void {
    visible = true;
    for (const l of listeners) l();
  },
  hide(): void {
    visible = false;
    for (const l of listeners) l();
  },
  isVisible: (): boolean => visible,
  subscribe(l: Listener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
