/**
 * One conversation's messages, kept exact: the latest page first, older pages on demand
 * (before=), live hub events merged by sequence, a catch-up (after=) on every hub (re)connect
 * or whenever a live message reveals a hole, file links read again before they expire, and
 * "seen" sent while the thread is on screen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TConversationMessage, TConversationSummary } from '@vbc/shared/conversation';
import { getConversation, listMessages, markSeen } from '../../api/conversations.ts';
import { HttpError } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';
import { onRealtimeResync } from '../../realtime/connection.ts';
import { useClientEvent } from '../../platform/events.ts';
import { onSent, retryTransient, settle } from '../../messaging/outbox.ts';
import {
  caughtUpTo,
  hasGapBefore,
  lastSequenceOf,
  linksRefreshAt,
  mergeMessages,
  showsConversation,
} from '../../messaging/thread-model.ts';

/** `error` when the conversation does not exist (the thread says so in the active language). */
export const CONVERSATION_NOT_FOUND = 'vbc:conversation-not-found';

/** Page sizes: the first screenful and each older page; catch-up pages take the most the server gives. */
const PAGE = 50;
const CATCH_UP_PAGE = 100;

export interface TThread {
  summary: TConversationSummary | null;
  messages: TConversationMessage[];
  loading: boolean;
  error: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** The counterpart has seen my messages up to this sequence. */
  counterpartSeen: number;
  loadOlder: () => Promise<void>;
}

export function useThread(conversationId: string, myAccountId: string | null): TThread {
  const [summary, setSummary] = useState<TConversationSummary | null>(null);
  const [messages, setMessages] = useState<TConversationMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [counterpartSeen, setCounterpartSeen] = useState(0);
  const current = useRef({ conversationId, messages, ready: false, catchingUp: false, seenSent: 0 });
  current.current.messages = messages;

  const add = useCallback((incoming: TConversationMessage[]) => {
    setMessages((m) => {
      const next = mergeMessages(m, incoming);
      current.current.messages = next;
      return next;
    });
    for (const m of incoming) if (m.clientMessageId) settle(m.personalConversationId, m.clientMessageId);
  }, []);

  /** Fetches everything after the last sequence held without a hole under it, page by page. */
  const catchUp = useCallback(async () => {
    const ref = current.current;
    if (!ref.ready || ref.catchingUp) return;
    ref.catchingUp = true;
    const id = ref.conversationId;
    try {
      // What is held, as the pages add to it (the state itself updates when React renders).
      let held = current.current.messages;
      for (;;) {
        const after = caughtUpTo(held);
        const page = await listMessages(id, { after, limit: CATCH_UP_PAGE });
        if (current.current.conversationId !== id) return;
        add(page);
        held = mergeMessages(held, page);
        // A full page that moved nothing forward: a hole the server cannot fill is not read forever.
        if (page.length < CATCH_UP_PAGE || caughtUpTo(held) <= after) break;
      }
      const fresh = await getConversation(id);
      if (current.current.conversationId === id) {
        setSummary(fresh);
        setCounterpartSeen((s) => Math.max(s, fresh.counterpartSeenSequence));
      }
    } catch {
      // The next reconnect or live event tries again.
    } finally {
      ref.catchingUp = false;
    }
  }, [add]);

  useEffect(() => {
    let cancelled = false;
    current.current = { conversationId, messages: [], ready: false, catchingUp: false, seenSent: 0 };
    setSummary(null);
    setMessages([]);
    setLoading(true);
    setError(null);
    setHasOlder(false);
    setCounterpartSeen(0);
    (async () => {
      try {
        const [found, page] = await Promise.all([getConversation(conversationId), listMessages(conversationId, { limit: PAGE })]);
        if (cancelled) return;
        setSummary(found);
        setCounterpartSeen(found.counterpartSeenSequence);
        current.current.seenSent = found.mySeenSequence;
        add(page);
        setHasOlder(page.length === PAGE && (page[0]?.sequence ?? 1) > 1);
        current.current.ready = true;
      } catch (err) {
        if (cancelled) return;
        setError(err instanceof HttpError && err.status === 404 ? CONVERSATION_NOT_FOUND : errorText(err));
      } finally {
        if (!cancelled) setLoading(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [conversationId, add]);

  const loadOlder = useCallback(async () => {
    const first = current.current.messages[0]?.sequence;
    if (!first || first <= 1 || loadingOlder) return;
    const id = conversationId;
    setLoadingOlder(true);
    try {
      const page = await listMessages(id, { before: first, limit: PAGE });
      if (current.current.conversationId !== id) return;
      add(page);
      setHasOlder(page.length === PAGE && (page[0]?.sequence ?? 1) > 1);
    } catch {
      // Scrolling up again retries.
    } finally {
      setLoadingOlder(false);
    }
  }, [conversationId, loadingOlder, add]);

  const onLive = useCallback(
    ({ personalConversationId, message }: { personalConversationId: string; message: unknown }) => {
      if (personalConversationId !== current.current.conversationId) return;
      const m = message as TConversationMessage;
      const gap = hasGapBefore(current.current.messages, m.sequence);
      add([m]);
      if (gap) void catchUp();
    },
    [add, catchUp],
  );
  useClientEvent('messageReceived', onLive);
  useClientEvent('photoUploaded', onLive);
  useClientEvent('documentUploaded', onLive);
  useClientEvent('conversationUpdated', ({ personalConversationId, conversation }) => {
    if (personalConversationId !== current.current.conversationId) return;
    const s = conversation as TConversationSummary;
    // The other side deleted their account: their messages now read as from a deleted account.
    if (s.counterpart.deleted && summary && !summary.counterpart.deleted) {
      listMessages(personalConversationId, { limit: PAGE }).then(add, () => undefined);
    }
    setSummary(s);
    setCounterpartSeen((v) => Math.max(v, s.counterpartSeenSequence));
  });
  useClientEvent('conversationSeen', ({ personalConversationId, seenBy, sequence }) => {
    if (personalConversationId !== current.current.conversationId || seenBy === myAccountId || sequence === undefined) return;
    setCounterpartSeen((v) => Math.max(v, sequence));
  });

  useEffect(
    () =>
      onSent((m) => {
        if (m.personalConversationId === current.current.conversationId)
          onLive({ personalConversationId: m.personalConversationId, message: m });
      }),
    [onLive],
  );
  useEffect(
    () =>
      onRealtimeResync(() => {
        void catchUp();
        retryTransient();
      }),
    [catchUp],
  );

  // File links are signed for about an hour: before the first held one expires, the held
  // messages are read again (merged in with their new links). A sleeping tab checks on waking.
  const refreshAt = linksRefreshAt(messages);
  useEffect(() => {
    if (refreshAt === null) return;
    const id = conversationId;
    const refresh = async () => {
      if (Date.now() < refreshAt || !current.current.ready) return;
      const held = current.current.messages;
      let after = (held[0]?.sequence ?? 1) - 1;
      const last = lastSequenceOf(held);
      try {
        while (after < last) {
          const page = await listMessages(id, { after, limit: CATCH_UP_PAGE });
          if (current.current.conversationId !== id || page.length === 0) return;
          add(page);
          after = lastSequenceOf(page);
        }
      } catch {
        // The next wake or reconnect tries again.
      }
    };
    const timer = window.setTimeout(() => void refresh(), Math.max(0, refreshAt - Date.now()));
    const onWake = () => document.visibilityState === 'visible' && void refresh();
    document.addEventListener('visibilitychange', onWake);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onWake);
    };
  }, [refreshAt, conversationId, add]);

  // "Seen": whatever the other side sent, once it is on a visible screen (and the address still
  // shows this thread: not in the moment between leaving it and the next screen replacing it).
  useEffect(() => {
    const send = () => {
      if (document.visibilityState !== 'visible' || !current.current.ready) return;
      if (!showsConversation(window.location.pathname, current.current.conversationId)) return;
      const ms = current.current.messages;
      const newestFromThem = [...ms].reverse().find((m) => m.senderAccountId !== myAccountId);
      if (!newestFromThem || newestFromThem.sequence <= current.current.seenSent) return;
      const sequence = lastSequenceOf(ms);
      current.current.seenSent = sequence;
      const id = current.current.conversationId;
      markSeen(id, sequence).catch(() => {
        if (current.current.conversationId === id) current.current.seenSent = 0;
      });
    };
    send();
    document.addEventListener('visibilitychange', send);
    // Back to this thread's address (Back pressed before the next screen replaced it): what came meanwhile is seen now.
    window.addEventListener('popstate', send);
    return () => {
      document.removeEventListener('visibilitychange', send);
      window.removeEventListener('popstate', send);
    };
  }, [messages, myAccountId, loading]);

  return { summary, messages, loading, error, hasOlder, loadingOlder, counterpartSeen, loadOlder };
}
