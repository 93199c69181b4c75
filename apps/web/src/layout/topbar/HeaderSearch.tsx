import { SearchOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TopIcon } from './TopIcon';

export const FAST_SEARCH_PATH = '/home/fastSearch/search';

// the search box (antd's AutoComplete, Select and Input) loads when first opened, not with every page
const HeaderSearchBox = lazy(() => import('./HeaderSearchBox').then((m) => ({ default: m.HeaderSearchBox })));

/**
 * Quick search in the top bar: an icon until clicked, then the box (HeaderSearchBox.tsx); the icon
 * stays in place while the box's code arrives.
 */
export function HeaderSearch({ narrow = false }: { narrow?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const icon = (
    <TopIcon label={t('app.topbar.search')} testId="header-search" onClick={() => setOpen(true)}>
      <SearchOutlined />
    </TopIcon>
  );
  if (!open) return icon;
  return (
    <Suspense fallback={icon}>
      <HeaderSearchBox narrow={narrow} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
