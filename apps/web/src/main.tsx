import { api } from '@mes/engine-web/api';
import { initI18n } from '@mes/engine-web/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { MODULES, registry } from './modules';

initI18n();
api.configure({ prefix: import.meta.env.VITE_API_PREFIX ?? '' });

const el = document.getElementById('root');
if (!el) throw new Error('#root is missing from index.html');
createRoot(el).render(
  <StrictMode>
    <App modules={MODULES} registry={registry} />
  </StrictMode>,
);
