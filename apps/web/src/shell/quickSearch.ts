import { useApi } from '@mes/engine-web/entity';
import type { QuickSearchGroup } from '@mes/model';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session/session';
import type { RouteMeta } from './menu';

export interface QuickSearchResult extends QuickSearchGroup {
  /** the page the hits open in, `${route.path}/${ID}` */
  route: RouteMeta;
}

/**
 * Records matching `q`, a few per entity the user may open (GET /QuickSearch), each group with the
 * menu page that opens them; a group whose page this session's menu lacks is left out.
 */
export function useQuickSearch(q: string, perEntity = 5) {
  const api = useApi();
  const { routes } = useSession();
  const term = q.trim();
  return useQuery({
    queryKey: ['quickSearch', term, perEntity],
    enabled: term.length > 0,
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<QuickSearchResult[]> => {
      const r = await api.get<QuickSearchGroup[]>(
        '/QuickSearch',
        { q: term, PerEntity: perEntity },
        { signal, quiet: true },
      );
      return (r.Data ?? []).flatMap((g) => {
        const route = routes.find((x) => x.Menu_Code === g.Menu_Code && x.Entity_Name === g.Entity_Name);
        return route ? [{ ...g, route }] : [];
      });
    },
  });
}
