/**
 * The session (docs/contracts.md §4 "Session"): on start, a stored token is validated, the
 * account loaded and the recently viewed cards merged with the account's; an
 * invalid or failing session becomes signed out. The sign-in window
 * (src/dialogs/auth/) calls `signIn` with a login result; `signOut` clears the
 * stored keys even when the server call fails. Another tab signing in or out
 * (a storage event on the token) is followed here.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { getMyAccount, logout, syncRecents, validateSession, type TLoginResult, type TPersonalAccount } from '../api/accounts.ts';
import { HttpError } from '../api/http.ts';
import { READY_EVENT } from '../page-events.ts';
import { onClientEvent } from '../platform/events.ts';
import { readStored, SESSION_KEYS, STORAGE_KEYS, writeStored } from '../platform/storage.ts';

export type TSessionStatus = 'signedOut' | 'signedIn' | 'checking';

export interface TSession {
  status: TSessionStatus;
  account: TPersonalAccount | null;
  accessToken: string | null;
  /** Stores a login result and becomes signed in. */
  signIn: (result: TLoginResult) => void;
  /** Reloads the account (after an adoption, an edit, an AccountUpdated event). */
  refreshAccount: () => Promise<void>;
  /** Calls logout, then clears token, session id, name, phone and e-mail whatever the answer. */
  signOut: () => Promise<void>;
  /**
   * Clears the local session and the recently viewed list without calling the
   * server: the account is gone (docs/contracts.md §4 "Unregister clears local data on success").
   */
  forget: () => void;
}

const SessionContext = createContext<TSession | null>(null);

const storeAccount = (account: TPersonalAccount) => {
  writeStored('userName', account.accountName);
  writeStored('phone', account.accountPhoneNumber);
  writeStored('email', account.accountEmail);
};

const clearSession = () => {
  for (const key of SESSION_KEYS) writeStored(key, null);
};

/** The session was refused (an invalid answer, 401/403), as opposed to not reaching the server. */
const isRefusal = (error: unknown): boolean => !(error instanceof HttpError) || error.status === 401 || error.status === 403;

/** A validatesession answer counts as invalid only when it says so (its shape is not fixed by SPEC). */
const saysInvalid = (answer: unknown): boolean =>
  answer === false ||
  (typeof answer === 'object' &&
    answer !== null &&
    ((answer as { valid?: unknown }).valid === false || (answer as { isValid?: unknown }).isValid === false));

/**
 * `hydrating`: the page was rendered on the server, which knows no session: the first render
 * is signed out as the server's was, and a stored token is checked right after.
 */
export function SessionProvider({ children, hydrating = false }: { children: ReactNode; hydrating?: boolean }) {
  const [accessToken, setAccessToken] = useState<string | null>(() => readStored('accessToken'));
  const [account, setAccount] = useState<TPersonalAccount | null>(null);
  const [status, setStatus] = useState<TSessionStatus>(() => (!hydrating && readStored('accessToken') ? 'checking' : 'signedOut'));

  useEffect(() => {
    if (hydrating && readStored('accessToken')) setStatus('checking');
    // Only once, after the hydrating render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A server-rendered page: say when the visitor is known (the hydrating render always says
  // signed out; with a stored token, the check that follows decides).
  const announced = useRef(!hydrating);
  const checked = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    if (status === 'checking') checked.current = true;
    else if (checked.current || !readStored('accessToken')) {
      announced.current = true;
      document.dispatchEvent(new Event(READY_EVENT));
    }
  }, [status]);

  const refreshAccount = useCallback(async () => {
    const next = await getMyAccount();
    storeAccount(next);
    setAccount(next);
  }, []);

  useEffect(() => {
    if (status !== 'checking') return;
    let cancelled = false;
    (async () => {
      try {
        const answer = await validateSession();
        if (saysInvalid(answer)) throw new Error('invalid session');
        const next = await getMyAccount();
        if (cancelled) return;
        storeAccount(next);
        // docs/contracts.md §4 order: account, then recents, then the nav bar. The merge goes out before the
        // screen's own requests but is not waited for, as at sign-in: a screen's data no longer
        // waits a round trip for it (the recents screen merges again when it opens). A failed
        // merge keeps the local list.
        syncRecents().catch(() => undefined);
        setAccount(next);
        setStatus('signedIn');
      } catch (error) {
        if (cancelled) return;
        // Only the server's word ends a session: a request cut off by a reload or a dropped
        // network shows the signed-out state now but keeps the stored token for the next start.
        if (isRefusal(error)) {
          clearSession();
          setAccessToken(null);
        } else {
          // No answer (offline): the account the service worker saved opens the app signed in.
          const saved = await getMyAccount().catch(() => null);
          if (cancelled) return;
          if (saved) {
            setAccount(saved);
            setStatus('signedIn');
            return;
          }
        }
        setStatus('signedOut');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [status]);

  useEffect(
    () =>
      onClientEvent('accountUpdated', () => {
        if (status === 'signedIn') refreshAccount().catch(() => undefined);
      }),
    [status, refreshAccount],
  );

  // Another tab signed in or out: follow it (a new token is validated like at start).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.accessToken && event.key !== null) return;
      const token = readStored('accessToken');
      if (token === accessToken) return;
      setAccessToken(token);
      if (token) {
        setStatus('checking');
      } else {
        setAccount(null);
        setStatus('signedOut');
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [accessToken]);

  const signIn = useCallback((result: TLoginResult) => {
    writeStored('accessToken', result.accessToken);
    writeStored('sessionId', result.sessionId);
    storeAccount(result.account);
    setAccessToken(result.accessToken);
    setAccount(result.account);
    setStatus('signedIn');
    // A new session starts: this device's recents join the account's.
    syncRecents().catch(() => undefined);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      // docs/contracts.md §4: logout clears the session even if the call fails.
    }
    clearSession();
    setAccessToken(null);
    setAccount(null);
    setStatus('signedOut');
  }, []);

  const forget = useCallback(() => {
    clearSession();
    writeStored('recents', null);
    setAccessToken(null);
    setAccount(null);
    setStatus('signedOut');
  }, []);

  const value = useMemo<TSession>(
    () => ({ status, account, accessToken, signIn, refreshAccount, signOut, forget }),
    [status, account, accessToken, signIn, refreshAccount, signOut, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The current session; outside a provider (isolated tests) it reads as signed out. */
export function useSession(): TSession {
  return useContext(SessionContext) ?? SIGNED_OUT;
}

const SIGNED_OUT: TSession = {
  status: 'signedOut',
  account: null,
  accessToken: null,
  signIn: () => undefined,
  refreshAccount: async () => undefined,
  signOut: async () => undefined,
  forget: () => undefined,
};
