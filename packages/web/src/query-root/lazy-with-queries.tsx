/**
 * `lazy()` for a screen or window that loads data: its chunk and the query layer load together,
 * and it renders inside the app's one QueryClientProvider (`QueryRoot`, one shared client, so
 * every screen shares one cache). The query layer is never a static import of the entry: a
 * card link's first load (`npm run size`) stays within its budget; see docs/architecture.md.
 * Preloadable: a server-rendered page (the pet page) loads its screen before it hydrates.
 */
import type { ComponentType } from 'react';
import { preloadable } from '../platform/preloadable.ts';

export function lazyWithQueries<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return preloadable(async () => {
    const [{ default: Inner }, { default: QueryRoot }] = await Promise.all([load(), import('./QueryRoot.tsx')]);
    function WithQueries(props: P) {
      return (
        <QueryRoot>
          <Inner {...props} />
        </QueryRoot>
      );
    }
    return { default: WithQueries };
  });
}
