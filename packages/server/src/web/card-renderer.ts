import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TVirtualContact, TVirtualPet } from '@vbc/shared';
import type { TLocale } from '@vbc/shared/i18n/locales';

/** packages/web/src/ssr/render-card.tsx, as `vite build --ssr` writes it. */
type TRender<T> = (url: string, data: T, locale: TLocale) => Promise<TRenderedPage>;

/** The markup of #root, the style element for <head>, and the page's language with its messages (issue 31). */
export interface TRenderedPage {
  html: string;
  styles: string;
  locale: TLocale;
  direction: 'ltr' | 'rtl';
  /** `{ namespace: messages }` in `locale`: inlined for the browser to hydrate with the same words. */
  messages: Record<string, unknown>;
}

export interface TCardRenderer {
  render: TRender<TVirtualContact>;
  renderPet: TRender<TVirtualPet>;
  /** The one script a server-rendered card page loads (web src/card-boot.ts), as a path under /vbc/. */
  bootScript: string;
  /** The chunks the boot script imports, as paths under /vbc/: preloaded beside it, not found one after another. */
  bootImports: string[];
}

type TManifest = Record<string, { file: string; imports?: string[] } | undefined>;

/** The files `key` imports statically, however deep. */
function staticImports(manifest: TManifest, key: string, found = new Set<string>()): Set<string> {
  for (const dep of manifest[key]?.imports ?? []) {
    const file = manifest[dep]?.file;
    if (!file || found.has(file)) continue;
    found.add(file);
    staticImports(manifest, dep, found);
  }
  return found;
}

/**
 * The web app's server renderer for `distDir` (the build puts it in dist-ssr/ beside dist/),
 * or null when that build has none: card pages are then the plain app page with the card inlined.
 */
export async function loadCardRenderer(distDir: string): Promise<TCardRenderer | null> {
  const entry = path.join(distDir, '..', 'dist-ssr', 'render-card.js');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as TManifest;
  const boot = manifest['src/card-boot.ts']?.file;
  if (!boot) return null;
  const module = (await import(pathToFileURL(entry).href)) as {
    renderCard?: TRender<TVirtualContact>;
    renderPet?: TRender<TVirtualPet>;
    warmUp?: () => Promise<void>;
  };
  if (typeof module.renderCard !== 'function' || typeof module.renderPet !== 'function') return null;
  await module.warmUp?.();
  return {
    render: module.renderCard,
    renderPet: module.renderPet,
    bootScript: boot,
    bootImports: [...staticImports(manifest, 'src/card-boot.ts')],
  };
}
