import { useCallback, useContext, useEffect, useState } from 'react';
import type { TVirtualContact } from '@vbc/shared/contact';
import { getContact, recordCardView } from '../../api/contacts.ts';
import { pageSource } from '../../platform/visit-source.ts';
import { HttpError } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';
import { dropInitialCard, initialCardFor, isSameCard, ServerCardContext } from './initial-card.ts';

/** docs/contracts.md §8: the text of a load failure that carries none. */
export const CONTACT_LOAD_ERROR = 'Error: Unable to load the contact.';

/** `notFound`: no card has this id or quickId (the API answered 404): the screen offers a way home, not a retry. */
export type TContactState =
  { status: 'loading' } | { status: 'loaded'; contact: TVirtualContact } | { status: 'notFound' } | { status: 'failed'; error: string };

type TKeyed = TContactState & { routeId: string; load: number };

/**
 * docs/contracts.md §4 "Contact view": loading, then loaded, not found or failed. The first render of
 * the card the server inlined (or, on the server, the card it renders) uses it
 * directly; any other card, or a reload,
 * is fetched from the API.
 */
export function useContact(routeId: string): { state: TContactState; reload: () => void } {
  const [load, setLoad] = useState(0);
  const serverCard = useContext(ServerCardContext);
  const [state, setState] = useState<TKeyed>(() => {
    const inline = serverCard && isSameCard(serverCard, routeId) ? serverCard : initialCardFor(routeId);
    return inline ? { status: 'loaded', contact: inline, routeId, load: 0 } : { status: 'loading', routeId, load: 0 };
  });

  useEffect(() => {
    const inline = load === 0 ? initialCardFor(routeId) : null;
    if (inline) {
      setState({ status: 'loaded', contact: inline, routeId, load });
      return;
    }
    dropInitialCard();
    const controller = new AbortController();
    setState({ status: 'loading', routeId, load });
    getContact(routeId, { signal: controller.signal })
      .then((contact) => {
        setState({ status: 'loaded', contact, routeId, load });
        // A card the server inlined was counted by card-boot.ts; one loaded here is counted now.
        if (!contact.hasVirginAccessProtection) recordCardView(contact.virtualContactId, pageSource());
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof HttpError && error.status === 404) return setState({ status: 'notFound', routeId, load });
        const text = errorText(error).trim();
        setState({ status: 'failed', error: text && !/^\d+$/.test(text) ? text : CONTACT_LOAD_ERROR, routeId, load });
      });
    return () => controller.abort();
  }, [routeId, load]);

  const reload = useCallback(() => {
    dropInitialCard();
    setLoad((n) => n + 1);
  }, []);

  const current: TContactState = state.routeId === routeId && state.load === load ? state : { status: 'loading' };
  return { state: current, reload };
}
