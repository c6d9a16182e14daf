/**
 * Back-navigation tracking (docs/contracts.md §2 "Router"): tells a screen whether the user
 * arrived by going back. React Router keeps an index in `history.state.idx`;
 * a POP to a smaller index is a back step, to a larger one a forward step.
 */
import { useSyncExternalStore } from 'react';

export interface TNavigationInfo {
  /** How the current location was reached. */
  action: 'POP' | 'PUSH' | 'REPLACE';
  /** True when reached with the back button (or history.back()). */
  arrivedByBack: boolean;
  /** True on the page load (or reload), before any in-app navigation. */
  initial: boolean;
}

interface TRouterLike {
  state: { historyAction: 'POP' | 'PUSH' | 'REPLACE'; location: { key: string } };
  subscribe: (fn: (state: TRouterLike['state']) => void) => () => void;
}

const historyIndex = (): number | null => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

let info: TNavigationInfo = { action: 'POP', arrivedByBack: false, initial: true };
let lastIndex: number | null = null;
let lastKey: string | null = null;
const listeners = new Set<() => void>();

/** Starts tracking a data router's navigations; call once after creating it. */
export function trackNavigation(router: TRouterLike): () => void {
  lastIndex = historyIndex();
  lastKey = router.state.location.key;
  return router.subscribe((state) => {
    if (state.location.key === lastKey) return; // a loading/fetcher update, not a navigation
    lastKey = state.location.key;
    const index = historyIndex();
    const arrivedByBack = state.historyAction === 'POP' && index !== null && lastIndex !== null && index < lastIndex;
    lastIndex = index;
    info = { action: state.historyAction, arrivedByBack, initial: false };
    listeners.forEach((l) => l());
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** How the user reached the current screen. */
export const useNavigationInfo = (): TNavigationInfo =>
  useSyncExternalStore(
    subscribe,
    () => info,
    () => info,
  );

/** True when the current screen was reached by going back. */
export const useArrivedByBack = (): boolean => useNavigationInfo().arrivedByBack;
