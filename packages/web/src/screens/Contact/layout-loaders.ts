import type { ComponentType } from 'react';
import { preloadable, type TPreloadable } from '../../platform/preloadable.ts';
import type { TLayoutProps } from './layout-props.ts';

type TLayoutModule = { default: ComponentType<TLayoutProps> };

/**
 * docs/contracts.md §2 layouts by `designSpecification.design.designation`, each its own
 * chunk: a card needs one. On a card link, main.tsx starts the inlined card's
 * layout at once, beside the contact screen.
 */
export const LAYOUT_LOADERS: Record<string, () => Promise<TLayoutModule>> = {
  default: () => import('./layouts/DefaultLayout.tsx'),
  simple: () => import('./layouts/SimpleLayout.tsx'),
  artist: () => import('./layouts/ArtistLayout.tsx'),
  facebook: () => import('./layouts/FacebookLayout.tsx'),
};

/** True when the designation names one of the four layouts (anything else shows no layout). */
export const hasLayout = (designation: string): boolean => Object.hasOwn(LAYOUT_LOADERS, designation);

/** The four layouts as components, loadable ahead of rendering (main.tsx does, for a server-rendered card). */
export const LAYOUTS: Record<string, TPreloadable<TLayoutProps>> = Object.fromEntries(
  Object.entries(LAYOUT_LOADERS).map(([name, load]) => [name, preloadable(load)]),
);
