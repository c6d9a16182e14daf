import { lazy, Suspense, useState } from 'react';
import { useClientEvent, type TClientEvents } from '../platform/events.ts';

const NoticeSnackbar = lazy(() => import('./NoticeSnackbar.tsx'));

export type TNotice = TClientEvents['notification'] & { key: number };

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
