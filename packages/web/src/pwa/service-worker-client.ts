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
