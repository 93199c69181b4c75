import { createContext, type HTMLAttributes, type RefObject, useContext, useEffect, useState } from 'react';

/** Spec part 2 §9: a long page scrolls virtually with rows 50 px high and 5 rows beyond the viewport. */
export const VIRTUAL_ROW_HEIGHT = 50;
export const VIRTUAL_OVERSCAN = 5;
export const VIRTUAL_VIEWPORT = 600;

export interface RowWindow {
  /** First and one-past-last row rendered. */
  start: number;
  end: number;
  /** Heights standing in for the rows above and below the rendered ones. */
  top: number;
  bottom: number;
}

/** The rows a viewport at `scrollTop` shows, widened by the overscan on both sides. */
export function rowWindow(
  scrollTop: number,
  count: number,
  viewport = VIRTUAL_VIEWPORT,
  rowHeight = VIRTUAL_ROW_HEIGHT,
  overscan = VIRTUAL_OVERSCAN,
): RowWindow {
  const first = Math.min(Math.max(0, Math.floor(scrollTop / rowHeight)), Math.max(0, count - 1));
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + Math.ceil(viewport / rowHeight) + overscan);
  return { start, end, top: start * rowHeight, bottom: (count - end) * rowHeight };
}

/**
 * Follows the scroll of the table body inside `host` and answers the window of rows to render.
 * `reset` (the page's data) scrolls back to the top when it changes.
 */
export function useRowWindow(
  host: RefObject<HTMLElement | null>,
  count: number,
  enabled: boolean,
  reset: unknown,
): RowWindow {
  const [scrollTop, setScrollTop] = useState(0);
  useEffect(() => {
    const body = host.current?.querySelector<HTMLElement>('.ant-table-body');
    if (!enabled || !body) return;
    body.scrollTop = 0;
    setScrollTop(0);
    const onScroll = () => setScrollTop(body.scrollTop);
    body.addEventListener('scroll', onScroll, { passive: true });
    return () => body.removeEventListener('scroll', onScroll);
  }, [host, enabled, reset]);
  return enabled ? rowWindow(scrollTop, count) : { start: 0, end: count, top: 0, bottom: 0 };
}

/**
 * The width of `host`, followed as it changes. A virtual table's header and body are two tables:
 * both must be given the same width, the larger of the columns' sum and the space the page has.
 */
export function useHostWidth(host: RefObject<HTMLElement | null>, enabled: boolean): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = host.current;
    if (!enabled || !el || typeof ResizeObserver === 'undefined') return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [host, enabled]);
  return width;
}

/** `span`: the table's columns; a spacer wider than the table would take width in a fixed layout. */
const SpacerContext = createContext<{ top: number; bottom: number; span: number }>({
  top: 0,
  bottom: 0,
  span: 1,
});
export const RowSpacers = SpacerContext.Provider;

const spacer = (height: number, span: number, edge: string) =>
  height > 0 ? (
    <tr aria-hidden style={{ height }} data-testid={`virtual-spacer-${edge}`}>
      <td colSpan={span} style={{ padding: 0, border: 0 }} />
    </tr>
  ) : null;

/** The table body with the height of the rows not rendered above and below, so the scrollbar is true. */
export function SpacedBody({ children, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  const { top, bottom, span } = useContext(SpacerContext);
  return (
    <tbody {...props}>
      {spacer(top, span, 'top')}
      {children}
      {spacer(bottom, span, 'bottom')}
    </tbody>
  );
}
