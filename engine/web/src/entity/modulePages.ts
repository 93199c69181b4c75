import type { Label } from '@mes/model';
import type { ComponentType } from 'react';
import { authStorage } from '../api/storage';
import { useLabel } from '../i18n';
import type { EntityListPageProps } from './EntityListPage';

/** What a module's bespoke page learns about the menu page it serves. */
export interface ModulePageProps {
  meta: {
    path: string;
    title: Label;
    Menu_Code?: string;
    /** Keys the user's column settings of a generic list on the page. */
    Menu_ID?: number;
    /** Button codes the user holds on the page; absent means all (administrators). */
    buttons?: string[];
  };
}

/**
 * Bespoke pages a module brings, by menu code; each loads its code when its tab first opens. The
 * web app merges every module's map, so no page is registered by hand in the shell.
 */
export type ModulePages = Record<string, () => Promise<ComponentType<ModulePageProps>>>;

/** What a generic list on a module's page takes from its menu page: title, buttons, column-settings keys. */
export function useListProps(meta: ModulePageProps['meta']): Omit<EntityListPageProps, 'def'> {
  const label = useLabel();
  return {
    title: label(meta.title),
    buttons: meta.buttons ? new Set(meta.buttons) : undefined,
    menuId: meta.Menu_ID,
    userId: Number(authStorage().getUserId()) || undefined,
  };
}
