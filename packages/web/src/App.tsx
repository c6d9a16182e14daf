import { ThemeProvider } from '@mui/material/styles';
import { RouterProvider } from 'react-router';
import { SessionProvider } from './session/SessionContext.tsx';
import RealtimeGate from './realtime/RealtimeGate.tsx';
import { theme } from './theme.ts';
import type { createAppRouter } from './router.tsx';

/** The app: theme, session, router. The page baseline CSS is in index.html. */
export default function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <ThemeProvider theme={theme}>
      <SessionProvider>
        <RouterProvider router={router} />
        <RealtimeGate router={router} />
      </SessionProvider>
    </ThemeProvider>
  );
}
