import { isApiError } from '@mes/engine-web/api';
import { useApi } from '@mes/engine-web/entity';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  FAVOURITE_WARNING_SECONDS,
  MESSAGE_POLL_MS,
  messageTarget,
  SUCCESS_TOAST_SECONDS,
} from '../shell/rules';
import { type Message, MSG_KEY, OFTEN_KEY, shellApi } from './api';
import { clearSessionCookies } from './cookies';
import { useSession } from './session';

/** Unread messages for the bell: the count is Paging.TotalCount; polled every 300000 ms. */
export function useUnread(pageSize = 5) {
  const api = useApi();
  // the server renders messages in the reader's language: another language is another answer
  const { i18n } = useTranslation();
  const q = useQuery({
    queryKey: [...MSG_KEY, 'unread', pageSize, i18n.language],
    queryFn: () => shellApi(api).unread(1, pageSize),
    refetchInterval: MESSAGE_POLL_MS,
    staleTime: 0,
  });
  return { count: q.data?.Paging?.TotalCount ?? 0, items: q.data?.Data ?? [], query: q };
}

/** The pending (to-do) list of the user and their department, polled like the messages. */
export function usePending() {
  const api = useApi();
  const { user } = useSession();
  const { i18n } = useTranslation();
  const q = useQuery({
    queryKey: [...MSG_KEY, 'pending', user.User_ID, i18n.language],
    queryFn: () => shellApi(api).pending(user.User_ID, user.Dept_ID),
    refetchInterval: MESSAGE_POLL_MS,
    staleTime: 0,
  });
  return { items: q.data?.Data ?? [], query: q };
}

/** Favourites and most-clicked pages. */
export function useOftenMenus() {
  const api = useApi();
  return useQuery({
    queryKey: OFTEN_KEY,
    queryFn: ({ signal }) => shellApi(api).oftenMenus(signal),
    staleTime: 30_000,
  });
}

// antd's message when a favourite is toggled, not with every page that reads the lists (issue 24)
const toast = () => import('antd/es/message').then((m) => m.default);

/** Toggles a favourite: Code 0 success, otherwise the server's Message as a 2 s warning (spec part 1 §7, §8). */
export function useToggleFavourite() {
  const api = useApi();
  const qc = useQueryClient();
  const { t } = useTranslation();
  const { userId } = useSession();
  return useCallback(
    async (menuId: number) => {
      try {
        await shellApi(api).toggleFavourite(menuId, userId);
        void toast().then((message) => message.success(t('common.success'), SUCCESS_TOAST_SECONDS));
      } catch (e) {
        if (isApiError(e) && e.kind === 'business') {
          const text = e.message;
          void toast().then((message) => message.warning(text, FAVOURITE_WARNING_SECONDS));
        }
      }
      await qc.invalidateQueries({ queryKey: OFTEN_KEY });
    },
    [api, qc, t, userId],
  );
}

/** Marks one message read and reloads the lists (spec part 1 §4). */
export function useReadMessage() {
  const api = useApi();
  const qc = useQueryClient();
  return useCallback(
    async (id: number) => {
      try {
        await shellApi(api).readMessage(id);
      } finally {
        await qc.invalidateQueries({ queryKey: MSG_KEY });
      }
    },
    [api, qc],
  );
}

/** Sign-out: end the session on the server, forget the four cookies, reload (spec part 1 §4). */
export function useSignOut() {
  const api = useApi();
  return useCallback(async () => {
    try {
      await shellApi(api).logout();
    } catch {
      // an already ended session changes nothing: the cookies go anyway
    }
    clearSessionCookies();
    // reload at the root, so that the next person to sign in starts at their own home page
    window.history.replaceState(null, '', '/');
    window.location.reload();
  }, [api]);
}

/** Marks a message read, reloads the lists and opens its page (a record of a list opens as that record). */
export function useOpenMessage() {
  const read = useReadMessage();
  const navigate = useNavigate();
  const { routes } = useSession();
  return useCallback(
    async (m: Pick<Message, 'ID' | 'Route' | 'Parameter'>, markRead = true) => {
      if (markRead) await read(m.ID);
      const lists = (path: string) => routes.some((r) => r.path === path && !!r.Entity_Name);
      const to = messageTarget(m.Route, m.Parameter, lists);
      if (to) navigate(to);
    },
    [read, navigate, routes],
  );
}
