import type { EntityDef, Registry } from '@mes/model';
import { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { type ApiClient, api as defaultApi, isApiError } from '../api';

interface EngineContextValue {
  registry: Registry | undefined;
  api: ApiClient;
}

const EngineContext = createContext<EngineContextValue | null>(null);

/**
 * The registry (to find a ref field's target) and the API client reach every generic page from here.
 * The registry may come later, from a nested provider: the sign-in page needs only the client, and the
 * modules' declarations are not loaded before a user has signed in.
 */
export function EngineProvider(props: { registry?: Registry; api?: ApiClient; children: ReactNode }) {
  const value = { registry: props.registry, api: props.api ?? defaultApi };
  return <EngineContext.Provider value={value}>{props.children}</EngineContext.Provider>;
}

export function useEngine(): EngineContextValue {
  const v = useContext(EngineContext);
  if (!v) throw new Error('EngineProvider is missing');
  return v;
}

export const useApi = (): ApiClient => useEngine().api;
export function useRegistry(): Registry {
  const { registry } = useEngine();
  if (!registry) throw new Error('EngineProvider without a registry: the modules are not loaded here');
  return registry;
}

export function useEntityDef(name: string): EntityDef | undefined {
  return useRegistry().entities.get(name);
}

/** Business errors were already shown by the client, so retrying them would only repeat the toast. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, e) => (!isApiError(e) || e.kind === 'network') && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}
