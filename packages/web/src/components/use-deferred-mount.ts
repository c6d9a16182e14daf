import { useEffect, useState } from 'react';

/** How long to wait for an idle moment before mounting anyway. */
export const DEFERRED_MOUNT_TIMEOUT_MS = 1500;

/**
 * False until the browser is first idle after the page has rendered, or the
 * user first taps or types, whichever comes first. The app windows mount then:
 * they are not needed to show a card, and a window asked for before they are
 * loaded is not lost (the event bus keeps it for its first listener).
 */
export function useDeferredMount(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const go = () => setReady(true);
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(go, { timeout: DEFERRED_MOUNT_TIMEOUT_MS })
        : window.setTimeout(go, DEFERRED_MOUNT_TIMEOUT_MS);
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, go, { capture: true, passive: true, once: true });
    return () => {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      for (const e of events) window.removeEventListener(e, go, { capture: true });
    };
  }, [ready]);
  return ready;
}
