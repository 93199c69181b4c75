import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lock } from '../session/cookies';
import { createIdleTimer, watchActivity } from '../shell/idle';

/** Locks the screen after `ms` without keyboard, mouse or scroll activity (system parameter 30). */
export function useAutoLock(ms: number): void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (ms <= 0) return;
    const timer = createIdleTimer(ms, () => {
      lock(here.current);
      navigate('/lockPage');
    });
    return watchActivity(document, timer);
  }, [ms, navigate]);
}
