import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyWithQueries } from './query-root/lazy-with-queries.tsx';
import { trackNavigation } from './navigation.ts';
import AppShell from './AppShell.tsx';
import RouteError from './components/RouteError.tsx';
import { preloadable } from './platform/preloadable.ts';

/**
 * The contact screen, started early on a card link so it loads beside the entry (and loaded
 * before a server-rendered card hydrates, see main.tsx).
 */
export const ContactScreen = preloadable(() => import('./screens/Contact/ContactScreen.tsx'));

/** The pet page: server-rendered like a card, so loaded before it hydrates (main.tsx). */
export const PetScreen = lazyWithQueries(() => import('./screens/Pet/PetScreen.tsx'));

/** A screen that loads its data through the query layer (every screen but the public card). */
const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazyWithQueries(load);
  return <Screen />;
};

/**
 * The public card: its chunk is a card link's first load and must stay within the size budget,
 * so it does not render inside the query layer (docs/architecture.md, "Web").
 */
const publicCard = (Screen: ComponentType) => <Screen />;

/** docs/contracts.md §2 routes, every screen loaded on demand. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: screen(() => import('./screens/Home/HomeScreen.tsx')) },
      { path: '/:contactId', element: publicCard(ContactScreen) },
      { path: '/edit/:contactId', element: screen(() => import('./screens/ContactEdit/ContactEditScreen.tsx')) },
      { path: '/directory/:dirId', element: screen(() => import('./screens/Directory/DirectoryScreen.tsx')) },
      { path: '/p/:petId', element: <PetScreen /> },
      { path: '/pedit/:petId', element: screen(() => import('./screens/PetEdit/PetEditScreen.tsx')) },
      { path: '/messages', element: screen(() => import('./screens/Messages/MessagesScreen.tsx')) },
      { path: '/messages/:conversationId', element: screen(() => import('./screens/Messages/MessagesScreen.tsx')) },
      { path: '/others', element: screen(() => import('./screens/Others/OthersScreen.tsx')) },
      { path: '/settings', element: screen(() => import('./screens/Settings/SettingsScreen.tsx')) },
      { path: '/directories', element: screen(() => import('./screens/Directories/DirectoriesScreen.tsx')) },
      { path: '/announcements', element: screen(() => import('./screens/Announcements/AnnouncementsScreen.tsx')) },
      { path: '/announcement/:announcementId', element: screen(() => import('./screens/Announcements/AnnouncementsScreen.tsx')) },
      { path: '/leads', element: screen(() => import('./screens/Leads/LeadsScreen.tsx')) },
      { path: '/leads/:leadId', element: screen(() => import('./screens/Leads/LeadsScreen.tsx')) },
      { path: '/console/:corporateAccountId', element: screen(() => import('./screens/Console/ConsoleScreen.tsx')) },
      { path: '/console/:corporateAccountId/:section', element: screen(() => import('./screens/Console/ConsoleScreen.tsx')) },
      { path: '*', element: screen(() => import('./screens/NotFound/NotFoundScreen.tsx')) },
    ],
  },
];

/** Router base: the app lives under /vbc (docs/contracts.md §2). */
export const BASENAME = '/vbc';

/**
 * The old hash deep links (#/messages/{id}, #/messages/?showList=true,
 * #/edit/{id}) become history paths before the router reads the address.
 */
export function rewriteHashLink(location: Pick<Location, 'hash' | 'pathname'>): string | null {
  if (!location.hash.startsWith('#/')) return null;
  return `${BASENAME}${location.hash.slice(1)}`;
}

export function createAppRouter() {
  const hashPath = rewriteHashLink(window.location);
  if (hashPath) window.history.replaceState(null, '', hashPath);
  const router = createBrowserRouter(routes, { basename: BASENAME });
  trackNavigation(router);
  return router;
}
