import type { EntityDef, Envelope } from '@mes/model';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '../api';
import { useApi } from './context';
import type { Row } from './format';

export interface ListParams {
  Page: number;
  PageSize: number;
  KeyWord?: string;
  /** `Field` or `-Field`; must be one of def.list.sort. */
  Sort?: string;
  /** Extra filters as wire query names (`Field`, `Field__op`). */
  filters?: Query;
}

export const entityKeys = {
  all: (name: string) => ['entity', name] as const,
  list: (name: string, p: ListParams) => ['entity', name, 'list', p] as const,
  record: (name: string, id: number) => ['entity', name, 'record', id] as const,
};

export function useEntityList(def: EntityDef, p: ListParams) {
  const api = useApi();
  return useQuery({
    queryKey: entityKeys.list(def.name, p),
    queryFn: ({ signal }) =>
      api.get<Row[]>(
        `/${def.name}`,
        { ...p.filters, Page: p.Page, PageSize: p.PageSize, KeyWord: p.KeyWord, Sort: p.Sort },
        { signal },
      ),
    // Keeps the rows on screen while the next page loads, instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useEntityRecord(def: EntityDef, id: number | null | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: entityKeys.record(def.name, id ?? 0),
    queryFn: ({ signal }) => api.data<Row>(`/${def.name}/${id}`, { signal }),
    enabled: typeof id === 'number' && id > 0,
    // An edit must start from the current Version, or the save fails with a conflict.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSaveEntity(def: EntityDef) {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { mode: 'create' | 'update'; body: Record<string, unknown> }): Promise<Envelope<Row>> =>
      v.mode === 'create' ? api.post<Row>(`/${def.name}`, v.body) : api.put<Row>(`/${def.name}`, v.body),
    onSuccess: (env) => {
      // The answer is the saved record: no need to fetch it again while its form closes.
      const id = Number(env.Data?.[def.key]);
      if (id > 0) qc.setQueryData(entityKeys.record(def.name, id), env.Data);
      return qc.invalidateQueries({
        queryKey: entityKeys.all(def.name),
        predicate: (q) => q.queryKey[2] !== 'record',
      });
    },
  });
}

export function useDeleteEntity(def: EntityDef) {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/${def.name}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: entityKeys.all(def.name) }),
  });
}
