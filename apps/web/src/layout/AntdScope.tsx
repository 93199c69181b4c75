import { LoadingOverlay } from '@mes/engine-web/api';
import { useLang } from '@mes/engine-web/i18n';
import { theme as antTheme, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useState } from 'react';
import { theme as baseTheme } from './theme';

// people who asked their system for less motion get none: drawers, modals and menus appear at once
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function useTheme() {
  const [reduce, setReduce] = useState(() => globalThis.matchMedia?.(REDUCED_MOTION).matches ?? false);
  useEffect(() => {
    const query = globalThis.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const change = () => setReduce(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return useMemo(
    () => (reduce ? { ...baseTheme, token: { ...baseTheme.token, motion: false } } : baseTheme),
    [reduce],
  );
}

/**
 * The text and link style antd's App gives its box (links: `.app-base` in shell.css). antd's App
 * itself (its message, notification and modal hooks) comes with the signed-in pages
 * (ModulesProvider): the sign-in page does without its weight.
 */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = antTheme.useToken();
  const style = {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
    '--app-link': token.colorLink,
    '--app-link-hover': token.colorLinkHover,
    '--app-link-active': token.colorLinkActive,
    '--app-link-motion': token.motionDurationSlow,
  } as CSSProperties;
  return (
    <div className="app-base" style={style}>
      {children}
    </div>
  );
}

/**
 * antd's theme, and its texts in the UI language (dayjs's: ModulesProvider); the default size is medium.
 * A chunk of its own around every page but the sign-in page, which loads no antd (issue 24, routes.tsx).
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const lang = useLang();
  const theme = useTheme();
  const locale = lang === 'en' ? enUS : zhCN;
  useEffect(() => {
    // the API client's toasts are antd's static functions: they get the theme and language this way
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider locale={locale} theme={theme}>
          {children}
        </ConfigProvider>
      ),
    });
  }, [locale, theme]);
  return (
    <ConfigProvider locale={locale} theme={theme} componentSize="middle">
      <BaseText>
        {children}
        <LoadingOverlay />
      </BaseText>
    </ConfigProvider>
  );
}
