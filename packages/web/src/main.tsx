import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RESERVED_ROUTE_WORDS } from '@vbc/shared/constants';
import App from './App.tsx';
import { createAppRouter, loadContactScreen } from './router.tsx';
import { registerServiceWorker } from './pwa/service-worker-client.ts';
import { initialCardFor } from './screens/Contact/initial-card.ts';
import { hasLayout, LAYOUT_LOADERS } from './screens/Contact/layout-loaders.ts';

// A card link (/vbc/{id}): fetch the card screen, and the inlined card's layout, now, in parallel with React starting.
const [first, ...rest] = window.location.pathname.replace(/^\/vbc\/?/, '').split('/');
if (first && rest.filter(Boolean).length === 0 && !(RESERVED_ROUTE_WORDS as readonly string[]).includes(first.toLowerCase())) {
  void loadContactScreen();
  const designation = initialCardFor(decodeURIComponent(first))?.designSpecification.design.designation;
  if (designation && hasLayout(designation)) void LAYOUT_LOADERS[designation]?.();
}

// A new version was deployed while this page was open: its old chunks are gone. Reload once to get the new ones.
const RELOADED_AT = 'vbc.chunkReloadAt';
window.addEventListener('vite:preloadError', (event) => {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 10_000) return; // just reloaded: let the error show instead of looping
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return; // no session storage: no safe way to avoid a reload loop
  }
  event.preventDefault();
  window.location.reload();
});

const router = createAppRouter();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
registerServiceWorker();
