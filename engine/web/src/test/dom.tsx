/** Test helpers for rendering antd in jsdom without extra libraries. Import only from *.test.tsx files. */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

export function installDomStubs(): void {
  const g = globalThis as Record<string, unknown>;
  g.IS_REACT_ACT_ENVIRONMENT = true;
  if (!window.matchMedia)
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  // jsdom cannot compute pseudo-element styles and says so on every antd table; the element's own will do.
  const own = window.getComputedStyle.bind(window);
  window.getComputedStyle = (el: Element) => own(el);
  if (!g.ResizeObserver)
    g.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
}

export interface Rendered {
  container: HTMLElement;
  /** Renders `ui` again in the same root, as a parent's new props would. */
  rerender(ui: ReactNode): Promise<void>;
  unmount(): void;
}

export async function render(ui: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(ui);
  });
  return {
    container,
    rerender: async (next) => {
      await act(async () => root?.render(next));
    },
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

/** Sets a value the way a user's typing does, so that React's onChange fires. */
export async function type(el: Element | null, value: string): Promise<void> {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) throw new Error('not an input');
  const proto = el instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(el: Element | null | undefined): Promise<void> {
  if (!(el instanceof HTMLElement)) throw new Error('nothing to click');
  await act(async () => el.click());
}

export async function pressEnter(el: Element | null): Promise<void> {
  if (!el) throw new Error('no element');
  await act(async () => {
    el.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }),
    );
    // and up again, as a key is: antd's inputs take no second Enter until then
    el.dispatchEvent(new KeyboardEvent('keyup', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }));
  });
}

export async function waitFor<T>(fn: () => T, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const start = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const v = fn();
      if (v !== undefined && v !== null && v !== false) return v as NonNullable<T>;
    } catch (e) {
      last = e;
    }
    if (Date.now() - start > timeoutMs) throw last ?? new Error('waitFor timed out');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
  }
}
