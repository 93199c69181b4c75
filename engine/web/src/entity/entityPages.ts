import { createContext, useCallback, useContext } from 'react';

/**
 * The shell tells generic pages which entity pages the user may open: `open(entity)` goes there, or is
 * null when the user's menu has no such page (spec part 2 §2: the Set button is enabled only then).
 * A file of its own: the shell provides it without loading the tree select and the model's schemas.
 */
export interface EntityPages {
  open(entity: string): (() => void) | null;
  /** Opens one record in its page's tab (a document just created, say); null without such a page. */
  record?(entity: string, id: number): (() => void) | null;
}
export const PagesContext = createContext<EntityPages>({ open: () => null });
export const EntityPagesProvider = PagesContext.Provider;

/**
 * `(entity, id) → opener or null`, read where the page renders: a toast's or a dialog's content is
 * rendered outside the page's providers, so it takes the opener, not the context.
 */
export function useRecordOpener(): (entity: string, id: number) => (() => void) | null {
  const pages = useContext(PagesContext);
  return useCallback((entity, id) => pages.record?.(entity, id) ?? null, [pages]);
}
