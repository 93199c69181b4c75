import { createContext } from 'react';

/**
 * The shell tells generic pages which entity pages the user may open: `open(entity)` goes there, or is
 * null when the user's menu has no such page (spec part 2 §2: the Set button is enabled only then).
 * A file of its own: the shell provides it without loading the tree select and the model's schemas.
 */
export interface EntityPages {
  open(entity: string): (() => void) | null;
}
export const PagesContext = createContext<EntityPages>({ open: () => null });
export const EntityPagesProvider = PagesContext.Provider;
