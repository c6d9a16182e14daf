/**
 * The docs/contracts.md §3 client events: a tiny typed bus so that any screen can ask for a
 * window (sign-in, QR, prompt, share ...) or announce something (a message
 * arrived, the account changed) without knowing who listens. Dialogs and the
 * session subscribe with `onClientEvent` or the `useClientEvent` hook.
 */
import { useEffect, useRef } from 'react';
import type { TVirtualContact } from '@vbc/shared/contact';

export type TNoticeSeverity = 'success' | 'warning' | 'error' | 'info';

/** How a PIN check failed (`dialogs/pin/pin-outcome.ts` classifies an answer; the PIN window shows it). */
export type TPinFailure =
  /** The PIN was wrong (403) or could not be a PIN (400): "Wrong Pin", plus the tries left when the server says. */
  | { kind: 'wrong'; detail: string | null }
  /** Too many wrong PINs (429): the server's message carries the wait time. */
  | { kind: 'locked'; message: string }
  /** Anything else (network, server): its text. */
  | { kind: 'error'; message: string };

/** Payload of a yes/no prompt (docs/contracts.md §2 "Generic yes/no prompt"). */
export interface TPromptRequest {
  title: string;
  message: string;
  yesText?: string;
  noText?: string;
  /** Runs on Yes; a rejection shows a warning notification (docs/contracts.md §8). */
  onYes?: () => void | Promise<void>;
  onNo?: () => void;
}

/** A PIN window's answer: the granted token and the revealed phones and e-mails (docs/contracts.md §3). */
export interface TPinGrant {
  accessToken: string;
  phones: NonNullable<TVirtualContact['phones']>;
  emails: NonNullable<TVirtualContact['emails']>;
}

/** Event name → payload. */
export interface TClientEvents {
  /**
   * Open the sign-in window ("Verify your contact information"); `onSignedIn` runs once
   * this window signs the visitor in (the step they were taking carries on).
   */
  showLogin: { reason?: string; onSignedIn?: () => void; ssoError?: string };
  /** Open the app menu (signed-in menu / settings). */
  menu: undefined;
  /** A snackbar notice, 3000 ms (docs/contracts.md §2). */
  notification: { message: string; severity?: TNoticeSeverity };
  /** QR code dialog (title and code). */
  qr: { title: string; code: string; imageUrl?: string };
  /** Open an announcement by id. */
  announcement: { announcementId: string };
  prompt: TPromptRequest;
  shareContact: { contact: TVirtualContact };
  sharePet: { virtualPetId: string; name: string };
  /** Open the Send Message window for a card. */
  sendMessage: { contact: Pick<TVirtualContact, 'virtualContactId' | 'name' | 'firstName' | 'lastName'> };
  /** Open the PIN entry window for a PIN-locked card; `onGranted` receives the unlocked data. */
  enterPin: {
    virtualContactId: string;
    onGranted: (grant: TPinGrant) => void;
    /** A PIN already tried (the card's ?pin=) and how it failed: the window opens showing that failure. */
    tried?: { pin: string; failure: TPinFailure };
    /** Aborted when the window is no longer wanted (the ?pin= changed, the card was left). */
    signal?: AbortSignal;
  };
  generateAppleWalletPass: { virtualContactId: string };
  generateGoogleWalletPass: { virtualContactId: string };
  /** Open the camera QR scanner (docs/contracts.md §8–§9). */
  scanQr: undefined;
  messageReceived: { personalConversationId: string; message: unknown };
  photoUploaded: { personalConversationId: string; message: unknown };
  documentUploaded: { personalConversationId: string; message: unknown };
  conversationUpdated: { personalConversationId: string; conversation: unknown };
  conversationSeen: { personalConversationId: string; seenBy?: string; seenAt?: string; sequence?: number };
  accountUpdated: { account?: unknown };
  accountRegistered: { account?: unknown };
  /** docs/contracts.md §D5 AnnouncementPublished: a new announcement for this account (its summary). */
  announcementPublished: { announcement: unknown };
  /** Issue 26 LeadReceived: a visitor left their details on one of the account's cards (the lead). */
  leadReceived: { lead: unknown };
  /** The app came back to the foreground (visibility change / iOS resume). */
  appForeground: undefined;
}

export type TClientEventName = keyof TClientEvents;
type THandler<K extends TClientEventName> = (payload: TClientEvents[K]) => void;

const handlers = new Map<TClientEventName, Set<THandler<TClientEventName>>>();

/**
 * Events sent while nobody listened yet (a window whose code is still loading)
 * are kept this long and handed to the first listener that subscribes.
 */
export const PENDING_EVENT_MS = 5000;
const pending: { name: TClientEventName; payload: unknown; at: number }[] = [];

/** Subscribes; returns the unsubscribe function. */
export function onClientEvent<K extends TClientEventName>(name: K, handler: THandler<K>): () => void {
  let set = handlers.get(name);
  if (!set) handlers.set(name, (set = new Set()));
  set.add(handler as THandler<TClientEventName>);
  const now = Date.now();
  const waiting = pending.filter((p) => p.name === name);
  if (waiting.length > 0) {
    for (let i = pending.length - 1; i >= 0; i--) if (pending[i]!.name === name) pending.splice(i, 1);
    queueMicrotask(() => {
      for (const p of waiting)
        if (now - p.at < PENDING_EVENT_MS && set.has(handler as THandler<TClientEventName>)) handler(p.payload as TClientEvents[K]);
    });
  }
  return () => {
    set.delete(handler as THandler<TClientEventName>);
  };
}

/**
 * Sends an event to every current listener (a throwing listener does not stop
 * the others); with no listener yet, it waits PENDING_EVENT_MS for one.
 */
export function emitClientEvent<K extends TClientEventName>(
  name: K,
  ...payload: TClientEvents[K] extends undefined ? [] : [TClientEvents[K]]
): void {
  const current = [...(handlers.get(name) ?? [])];
  if (current.length === 0) {
    const now = Date.now();
    while (pending.length > 0 && now - pending[0]!.at >= PENDING_EVENT_MS) pending.shift();
    pending.push({ name, payload: payload[0], at: now });
    return;
  }
  for (const handler of current) {
    try {
      handler(payload[0] as TClientEvents[TClientEventName]);
    } catch (error) {
      console.error(`client event ${name} handler failed`, error);
    }
  }
}

/** True when someone listens (a screen can hide a button whose window is not built yet). */
export const hasClientEventListener = (name: TClientEventName): boolean => (handlers.get(name)?.size ?? 0) > 0;

/** Shows a snackbar notice. */
export const notify = (message: string, severity: TNoticeSeverity = 'success'): void =>
  emitClientEvent('notification', { message, severity });

/** Subscribes for the component's lifetime; the latest `handler` is always called. */
export function useClientEvent<K extends TClientEventName>(name: K, handler: THandler<K>): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onClientEvent(name, (payload) => ref.current(payload)), [name]);
}
