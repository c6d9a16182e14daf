import { useCallback, useEffect, useRef, useState } from 'react';
import { ADOPTED_EVENT_DELAY_MS } from '@vbc/shared/constants';
import { HttpError } from '../../../api/http.ts';
import { adopt, canAdopt } from './adoption-api.ts';
import { cleanAdoptionCode, isCompleteCode } from './adoption-code.ts';
import { adoptFailureReason } from './adoption-reason.ts';

/** Why an adoption did not happen, said under "Error! Failed to adopt!" (issue 30). */
export interface TAdoptFailure {
  /** The reason: a wrong code with the tries left, a lock-out until a time, the card gone (adoption-reason.ts). */
  reason: string | null;
  /** No code can succeed now (the card is locked or already adopted): the field is disabled. */
  final: boolean;
  /** The code that was tried: the field is cleared (docs/contracts.md §2), so it stays readable and selectable below. */
  typed: string;
}

/** docs/contracts.md §4 "Adoption": eligibility check, code entry, success (then the editor). */
export type TAdoptionState =
  | { step: 'checking' }
  | { step: 'unavailable'; reason: string | null }
  | { step: 'entry'; failure: TAdoptFailure | null }
  | { step: 'submitting' }
  | { step: 'adopted' };

/** Statuses after which no code can succeed: adopted by someone else (409), a card locked for good (423). */
const FINAL = new Set([409, 423]);

/**
 * Runs the adoption of `contactId`: checks eligibility on mount, submits the
 * code as soon as it is complete, clears it on failure, and calls `onAdopted`
 * ADOPTED_EVENT_DELAY_MS after success (docs/contracts.md §2, §9).
 */
export function useAdoption(contactId: string, onAdopted: (contactId: string) => void, onSucceeded?: () => void) {
  const [state, setState] = useState<TAdoptionState>({ step: 'checking' });
  const [code, setCodeState] = useState('');
  const alive = useRef(true);
  const adoptedRef = useRef(onAdopted);
  const succeededRef = useRef(onSucceeded);
  useEffect(() => {
    adoptedRef.current = onAdopted;
    succeededRef.current = onSucceeded;
  });

  useEffect(() => {
    alive.current = true;
    const controller = new AbortController();
    setState({ step: 'checking' });
    canAdopt(contactId, { signal: controller.signal })
      .then(() => setState({ step: 'entry', failure: null }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ step: 'unavailable', reason: adoptFailureReason(error) });
      });
    return () => {
      alive.current = false;
      controller.abort();
    };
  }, [contactId]);

  useEffect(() => {
    if (state.step !== 'adopted') return;
    succeededRef.current?.();
    const timer = window.setTimeout(() => adoptedRef.current(contactId), ADOPTED_EVENT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state.step, contactId]);

  const submit = useCallback(
    async (complete: string) => {
      setState({ step: 'submitting' });
      try {
        await adopt(contactId, complete);
        if (alive.current) setState({ step: 'adopted' });
      } catch (error) {
        if (!alive.current) return;
        setCodeState('');
        const status = error instanceof HttpError ? error.status : 0;
        setState({ step: 'entry', failure: { reason: adoptFailureReason(error), final: FINAL.has(status), typed: complete } });
      }
    },
    [contactId],
  );

  /** Takes what was typed or pasted; a complete code is submitted at once. */
  const setCode = useCallback(
    (typed: string) => {
      if (state.step !== 'entry' || state.failure?.final) return;
      const next = cleanAdoptionCode(typed);
      setCodeState(next);
      if (isCompleteCode(next)) void submit(next);
    },
    [state, submit],
  );

  return { state, code, setCode };
}
