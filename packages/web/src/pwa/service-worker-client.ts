/**
 * Registers /vbc/service-worker.js (docs/contracts.md §2) after the page has loaded, so it never competes with
 * the first render. Updates and messages are in updates.ts (loaded lazily with PwaHost).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = () => {
    navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}service-worker.js`, { scope: import.meta.env.BASE_URL })
      .catch((error: unknown) => {
        console.warn('service worker registration failed', error);
      });
  };
  // A server-rendered card starts the app on demand, often long after the load event.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}

/**
 * Asks the service worker to keep this page and what it loaded (scripts, styles, pictures), so a
 * card a visitor opened opens again offline, in a new tab too (issue 30). The worker asks for the
 * page ahead (`Purpose: prefetch`): keeping it is not another view.
 */
export function keepPageOffline(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const urls = [
    window.location.pathname,
    ...Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'), (s) => s.src),
    ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="modulepreload"]'), (l) => l.href),
    ...Array.from(document.images, (i) => i.currentSrc || i.src),
  ];
  void navigator.serviceWorker.ready.then((reg) => reg.active?.postMessage({ type: 'warm', urls }));
}
