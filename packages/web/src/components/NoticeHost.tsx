import { lazy, Suspense, useState } from 'react';
import { useClientEvent } from '../platform/events.ts';
import type { TNotice } from './NoticeSnackbar.tsx';

const NoticeSnackbar = lazy(() => import('./NoticeSnackbar.tsx'));

/** Queues notification events; the snackbar's code loads with the first one. */
export default function NoticeHost() {
  const [queue, setQueue] = useState<TNotice[]>([]);
  useClientEvent('notification', (notice) => {
    setQueue((q) => [...q, { ...notice, key: Date.now() + Math.random() }]);
  });
  if (queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NoticeSnackbar queue={queue} onDone={() => setQueue((q) => q.slice(1))} />
    </Suspense>
  );
}
