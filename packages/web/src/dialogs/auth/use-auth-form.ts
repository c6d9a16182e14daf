/**
 * The sign-in / registration flow of docs/contracts.md §4 "Login": contact → one-time code
 * → signed in (known contact) or Name + Register (new contact). Kept outside
 * the dialog's content so that closing the window by mistake does not lose a
 * code already sent.
 */
import { useCallback, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TLoginResult } from '@vbc/shared/account';
import { PHONE_PREFIX } from '@vbc/shared/constants';
import { errorText, HttpError } from '../../api/http.ts';
import { emitClientEvent, notify } from '../../platform/events.ts';
import { readStored } from '../../platform/storage.ts';
import { registerAppAccount, requestVerifyOtp, verifyContact, type TChannel, type TPersonalAccount } from '../../api/accounts.ts';
import { codeProblem, contactError, nameError, withoutField } from './problems.ts';
import { useCountdown } from './use-countdown.ts';

/** Where a code goes. */
type TTarget = { channel: TChannel; contact: string };

/** Seconds before "Resend code" may be pressed again. */
export const RESEND_WAIT_SECONDS = 30;

export type TAuthTab = 'login' | 'register';
/** contact: typing the contact; code: waiting for the code; name: code verified, the contact is new. */
export type TAuthStep = 'contact' | 'code' | 'name';

export interface TAuthFormOptions {
  /** True when this tab is already signed in (or another tab just signed in). */
  isSignedIn: () => boolean;
  signIn: (result: TLoginResult) => void;
  /** The flow ended signed in: close the window. */
  onDone: () => void;
}

const fresh = () => ({
  step: 'contact' as TAuthStep,
  code: '',
  codeError: null as string | null,
  needNewCode: false,
  formError: null as string | null,
  contactServerError: null as string | null,
  nameServerError: null as string | null,
});

export function useAuthForm({ isSignedIn, signIn, onDone }: TAuthFormOptions) {
  const [tab, setTab] = useState<TAuthTab>('login');
  const [channel, setChannelState] = useState<TChannel>('email');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<string>(PHONE_PREFIX);
  const [name, setName] = useState('');
  const [flow, setFlow] = useState(fresh);
  const [showErrors, setShowErrors] = useState({ contact: false, name: false });
  const [resendIn, restartResend] = useCountdown();
  /** The contact the current code went to. */
  const sentTo = useRef<TTarget | null>(null);
  const patch = (p: Partial<ReturnType<typeof fresh>>) => setFlow((f) => ({ ...f, ...p }));

  const contact = (channel === 'email' ? email : phone).trim();
  const nameNeeded = tab === 'register' || flow.step === 'name';
  const errors = {
    contact: (showErrors.contact ? contactError(channel, contact) : null) ?? flow.contactServerError,
    name: (nameNeeded && showErrors.name ? nameError(name) : null) ?? flow.nameServerError,
  };

  const reset = useCallback(() => {
    setFlow(fresh());
    setTab('login');
    setEmail('');
    setPhone(PHONE_PREFIX);
    setName('');
    setShowErrors({ contact: false, name: false });
    sentTo.current = null;
  }, []);

  const alreadySignedIn = (): boolean => {
    if (!isSignedIn() && !readStored('accessToken')) return false;
    notify('Already Logged In', 'info');
    return true;
  };

  const finishSignIn = (result: TLoginResult, toast: string) => {
    signIn(result);
    notify(toast);
    reset();
    onDone();
  };

  /** RequestVerifyOtp; a failure is a warning toast (docs/contracts.md §8). */
  const sending = useMutation({
    mutationFn: (target: TTarget) => requestVerifyOtp(target.channel, target.contact),
    onSuccess: () => restartResend(RESEND_WAIT_SECONDS),
    onError: (error) => {
      notify(withoutField(errorText(error)), 'warning');
      if (error instanceof HttpError && error.status === 400) patch({ contactServerError: withoutField(error.message) });
    },
  });
  const sendCode = async (): Promise<boolean> => {
    const target = sentTo.current;
    if (!target) return false;
    return sending.mutateAsync(target).then(
      () => true,
      () => false,
    );
  };

  const registering = useMutation({
    mutationFn: ({ target, code, name }: { target: TTarget; code: string; name: string }) =>
      registerAppAccount(target.channel, target.contact, code, name),
    onSuccess: (result) => {
      emitClientEvent('accountRegistered', { account: result.account as TPersonalAccount });
      finishSignIn(result, 'Successfully Registered');
    },
    onError: (error) => {
      const message = errorText(error);
      if (error instanceof HttpError && error.status === 400 && message.startsWith('name:')) {
        patch({ nameServerError: withoutField(message) });
      } else if (error instanceof HttpError && (error.status === 410 || (error.status === 400 && message.startsWith('otp')))) {
        // The verified code no longer works (10 minutes passed, or too many tries): back to the code.
        const problem = codeProblem(error);
        patch({ step: 'code', code: '', codeError: problem.message, needNewCode: problem.needNewCode });
      } else {
        patch({ formError: withoutField(message) });
      }
    },
  });

  /** VerifyEmail / VerifyPhoneNumber; a new contact goes on to Name + Register. */
  const verifying = useMutation({
    mutationFn: ({ target, code }: { target: TTarget; code: string }) => verifyContact(target.channel, target.contact, code),
    onSuccess: (answer, { code }) => {
      if (answer.login) {
        if (isSignedIn()) {
          notify('Already Logged In', 'info');
          reset();
          onDone();
        } else {
          finishSignIn(answer.login, 'Hey You! Welcome!');
        }
        return;
      }
      // A new contact: Name + Register (docs/contracts.md §4). On the register tab with a good name, register at once.
      patch({ step: 'name', code });
      if (tab === 'register' && !nameError(name)) return register(code);
      setTab('register');
    },
    onError: (error) => {
      const problem = codeProblem(error);
      patch({ code: '', codeError: problem.message, needNewCode: problem.needNewCode });
    },
  });

  const busy = sending.isPending || verifying.isPending || registering.isPending;

  /** Submits the contact (and, on the register tab, checks the name first). */
  const requestCode = async () => {
    setShowErrors({ contact: true, name: tab === 'register' });
    if (contactError(channel, contact) || (tab === 'register' && nameError(name))) return;
    if (alreadySignedIn()) return onDone();
    sentTo.current = { channel, contact };
    patch({ contactServerError: null, formError: null });
    if (await sendCode()) patch({ step: 'code', code: '', codeError: null, needNewCode: false });
    else sentTo.current = null;
  };

  const resendCode = async () => {
    if ((resendIn > 0 && !flow.needNewCode) || busy) return;
    if (await sendCode()) {
      patch({ code: '', codeError: null, needNewCode: false });
      notify('A new code is on its way.', 'info');
    }
  };

  /** Back to editing the contact; the code sent is forgotten. */
  const changeContact = () => {
    sentTo.current = null;
    patch({ step: 'contact', code: '', codeError: null, needNewCode: false, formError: null });
  };

  const register = (code = flow.code) => {
    const target = sentTo.current;
    setShowErrors((s) => ({ ...s, name: true }));
    if (!target || nameError(name)) return;
    if (alreadySignedIn()) return onDone();
    patch({ formError: null, nameServerError: null });
    registering.mutate({ target, code, name: name.trim() });
  };

  /** VerifyEmail / VerifyPhoneNumber with a complete code. */
  const verify = (code = flow.code) => {
    const target = sentTo.current;
    if (!target || busy) return;
    if (!/^\d{6}$/.test(code)) {
      patch({ codeError: 'Enter the 6 digits of the code.' });
      return;
    }
    patch({ codeError: null, formError: null });
    verifying.mutate({ target, code });
  };

  const setChannel = (next: TChannel) => {
    if (flow.step !== 'contact') return;
    setChannelState(next);
    setShowErrors((s) => ({ ...s, contact: false }));
    patch({ contactServerError: null });
  };

  return {
    tab,
    setTab,
    channel,
    setChannel,
    email,
    setEmail,
    phone,
    setPhone,
    name,
    setName,
    step: flow.step,
    code: flow.code,
    setCode: (code: string) => patch({ code, codeError: null }),
    codeError: flow.codeError,
    needNewCode: flow.needNewCode,
    formError: flow.formError,
    errors,
    busy,
    resendIn,
    sentTo: sentTo.current,
    /** Which fields a submit now would refuse (docs/contracts.md §5). */
    invalidFields: () => ({ contact: !!contactError(channel, contact), name: tab === 'register' && !!nameError(name) }),
    touch: (field: 'contact' | 'name') => setShowErrors((s) => ({ ...s, [field]: true })),
    clearServerError: (field: 'contact' | 'name') => patch(field === 'contact' ? { contactServerError: null } : { nameServerError: null }),
    requestCode,
    resendCode,
    changeContact,
    verify,
    register,
    reset,
  };
}

export type TAuthForm = ReturnType<typeof useAuthForm>;
