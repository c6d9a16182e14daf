import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import Box from '@mui/material/Box';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import type { TLayoutProps } from './layouts/layout-props.ts';
import { hasLayout, LAYOUT_LOADERS } from './layout-loaders.ts';
import ChatFab from './parts/ChatFab.tsx';
import OrderLink from './parts/OrderLink.tsx';

const LAYOUTS: Record<string, LazyExoticComponent<ComponentType<TLayoutProps>>> = Object.fromEntries(
  Object.entries(LAYOUT_LOADERS).map(([name, load]) => [name, lazy(load)]),
);

/** A loaded card: its layout (none for an unknown designation), the /order/ link, the chat button. */
export default function ContactView(props: TLayoutProps) {
  const { contact, accent } = props.model;
  const designation = contact.designSpecification.design.designation;
  const Layout = hasLayout(designation) ? LAYOUTS[designation] : undefined;
  return (
    <Box component="main" data-testid="contact-view" data-designation={designation} sx={{ pb: 12 }}>
      {Layout ? (
        <Suspense fallback={<LoadingScreen />}>
          <Layout {...props} />
          <OrderLink />
        </Suspense>
      ) : (
        <Box data-testid="no-layout" sx={{ minHeight: '60vh' }} />
      )}
      <ChatFab contact={contact} accent={accent} />
    </Box>
  );
}
