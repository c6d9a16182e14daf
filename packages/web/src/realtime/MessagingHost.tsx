import { lazy, Suspense, useEffect, useState } from 'react';
import { clearOutbox, resumeOutbox } from '../screens/Messages/outbox.ts';
import { emitClientEvent, useClientEvent, type TClientEvents } from '../session/events.ts';
import { useSession } from '../session/SessionContext.tsx';
import { readStored } from '../session/storage.ts';
import { onRealtimeResync, startRealtime, stopRealtime } from './connection.ts';
import { loadUnreadCount, refreshUnreadCount, resetUnreadCount } from './unread.ts';

const SendMessageDialog = lazy(() => import('../dialogs/send-message/SendMessageDialog.tsx'));
const PushHost = lazy(() => import('../push/PushHost.tsx'));

/** SPEC §4 prompt texts for unseen messages at session start. */
export const UNREAD_PROMPT = { title: 'Unread Messages', message: 'Do you want to go read the unread messages?' } as const;

/** Access tokens that already had their session-start prompt (StrictMode mounts effects twice). */
const prompted = new Set<string>();

/**
 * Everything messaging needs while signed in, mounted once beside the router: the hub
 * connection (started here, stopped on sign-out), the unread count (and the SPEC §4 prompt at
 * session start), and the Send Message window opened by the `sendMessage` event.
 */
export default function MessagingHost({ navigate }: { navigate: (to: string) => void }) {
  const { account, accessToken } = useSession();
  const [request, setRequest] = useState<TClientEvents['sendMessage'] | null>(null);

  useEffect(() => {
    startRealtime();
    resumeOutbox();
    const off = onRealtimeResync(() => refreshUnreadCount(0));
    return () => {
      off();
      void stopRealtime();
      resetUnreadCount();
      // Signed out (the token is gone): unsent messages go with the session. A remount keeps them.
      if (!readStored('accessToken')) clearOutbox();
    };
  }, []);

  useEffect(() => {
    if (!accessToken) return;
    let cancelled = false;
    void loadUnreadCount().then((count) => {
      if (cancelled || count === 0 || prompted.has(accessToken)) return;
      prompted.add(accessToken);
      // Already reading messages: no need to ask.
      if (/^\/vbc\/messages(\/|$)/.test(window.location.pathname)) return;
      emitClientEvent('prompt', { ...UNREAD_PROMPT, onYes: () => navigate('/messages') });
    });
    return () => {
      cancelled = true;
    };
  }, [accessToken, navigate]);

  const refresh = () => refreshUnreadCount();
  useClientEvent('conversationUpdated', refresh);
  useClientEvent('conversationSeen', refresh);
  useClientEvent('messageReceived', refresh);
  useClientEvent('photoUploaded', refresh);
  useClientEvent('documentUploaded', refresh);
  useClientEvent('sendMessage', setRequest);

  if (!account) return null;
  const push = (
    <Suspense fallback={null}>
      <PushHost myAccountId={(account as { accountId?: string }).accountId ?? null} />
    </Suspense>
  );
  if (!request) return push;
  return (
    <Suspense fallback={null}>
      {push}
      <SendMessageDialog
        key={request.contact.virtualContactId}
        contact={request.contact}
        account={account}
        onClose={() => setRequest(null)}
        onOpenConversation={(id) => {
          setRequest(null);
          navigate(`/messages/${encodeURIComponent(id)}`);
        }}
      />
    </Suspense>
  );
}
