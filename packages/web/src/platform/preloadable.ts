import { createElement, lazy, type ComponentType } from 'react';

export type TPreloadable<P extends object> = ComponentType<P> & {
  /** Starts loading the module (once); resolves when it can render without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * `lazy()` that can be loaded ahead of rendering: once `preload()` has resolved, it renders
 * the component at once instead of suspending. The server-rendered card hydrates this way in
 * one pass (main.tsx preloads the card's screen and layout first), so no part of the page is
 * left waiting for its chunk while the rest of the app updates around it.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): TPreloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return Object.assign(Preloadable, { preload });
}
