import { useEffect, useState } from 'react';
import { isMobileWidth } from '../shell/rules';

/** Whether the window is narrower than the mobile breakpoint (1024 px minus 3), kept up to date on resize. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => isMobileWidth(window.innerWidth));
  useEffect(() => {
    const onResize = () => setMobile(isMobileWidth(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return mobile;
}
