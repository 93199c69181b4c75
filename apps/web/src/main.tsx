import { api } from '@mes/engine-web/api';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './layout/shell.css';
import { initAppI18n } from './locales';
import { experienceEntry } from './session/experience';

initAppI18n();
api.configure({ prefix: import.meta.env.VITE_API_PREFIX ?? '' });

// an experience visitor arrives with a token in the query: stored, then the app starts again at the root
void experienceEntry(api).then((reloading) => {
  if (reloading) return;
  const el = document.getElementById('root');
  if (!el) throw new Error('#root is missing from index.html');
  createRoot(el).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
