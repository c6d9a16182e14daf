import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { offersPush } from '../push/push-offer.ts';
import { clearOutbox, resumeOutbox } from '../messaging/outbox.ts';
import { emitClientEvent, useClientEvent } from '../platform/events.ts';
import { useSession } from '../session/SessionContext.tsx';
import { readStored } from '../platform/storage.ts';
import { onRealtimeResync, startRealtime, stopRealtime } from './connection.ts';
import { loadUnreadCount, refreshUnreadCount, resetUnreadCount, useUnreadCount } from './unread.ts';
import { nextPromptRecord, readPromptRecord, shouldAskAboutUnread, writePromptRecord } from './unread-prompt.ts';

const PushHost = lazy(() => import('../push/PushHost.tsx'));

/** Access tokens that already had their session-start check (StrictMode mounts effects twice). */
const prompted = new Set<string>();

/**
 * Everything messaging needs while signed in, mounted once beside the router: the hub
 * connection (started here, stopped on sign-out), the unread count (and the docs/contracts.md §4 prompt at
 * session start), and push. The Send Message window is an app window (`dialogs/DialogHost.tsx`).
 */
export default function MessagingHost({ navigate }: { navigate: (to: string) => void }) {
  const { account, accessToken } = useSession();
  // Read when the prompt is asked (a stable instance: the check runs once per token, not per language).
  const { i18n } = useTranslation('app');
  const unread = useUnreadCount();
  /** The session-start check has read this page's count (until then the store's 0 means "not loaded"). */
  const checked = useRef(false);

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
      if (cancelled || prompted.has(accessToken)) return;
      prompted.add(accessToken);
      checked.current = true;
      // Once per browser session, and again only when a message arrived since (issue 13).
      const session = readStored('sessionId') ?? 'signed-in';
      const record = readPromptRecord(session);
      // Already reading messages: no need to ask.
      const ask = shouldAskAboutUnread(record, count) && !/^\/vbc\/messages(\/|$)/.test(window.location.pathname);
      writePromptRecord(nextPromptRecord(record, session, count, ask) ?? { session, baseline: count });
      // docs/contracts.md §4 prompt for unseen messages at session start.
      if (ask)
        emitClientEvent('prompt', {
          title: i18n.t('app:unread.title'),
          message: i18n.t('app:unread.message'),
          onYes: () => navigate('/messages'),
        });
    });
    return () => {
      cancelled = true;
    };
  }, [accessToken, navigate, i18n]);

  // Messages read meanwhile lower the session's baseline: one arriving after that asks again on the next load.
  useEffect(() => {
    const session = accessToken && checked.current ? (readStored('sessionId') ?? 'signed-in') : null;
    const record = session ? readPromptRecord(session) : null;
    if (session && record && unread < record.baseline) writePromptRecord({ session, baseline: unread });
  }, [unread, accessToken]);

  const myAccountId = (account as { accountId?: string } | null)?.accountId ?? null;
  const [offeringPush, setOfferingPush] = useState(false);
  const refresh = () => refreshUnreadCount();
  const incoming = ({ message }: { message: unknown }) => {
    refresh();
    if (offersPush(message, myAccountId)) setOfferingPush(true);
  };
  useClientEvent('conversationUpdated', refresh);
  useClientEvent('conversationSeen', refresh);
  useClientEvent('messageReceived', incoming);
  useClientEvent('photoUploaded', incoming);
  useClientEvent('documentUploaded', incoming);

  if (!account) return null;
  return (
    <Suspense fallback={null}>
      <PushHost asking={offeringPush} onAnswered={() => setOfferingPush(false)} />
    </Suspense>
  );
}
