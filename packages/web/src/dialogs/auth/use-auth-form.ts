/**
 * The sign-in / registration flow of docs/contracts.md §4 "Login": contact → one-time code
 * → signed in (known contact) or Name + Register (new contact). Kept outside
 * the dialog's content so that closing the window by mistake does not lose a
 * code already sent.
 */
import { useCallback, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ZAccountEmail, ZAccountName, ZAccountPhoneNumber, ZOtpCodeEntry, type TLoginResult } from '@vbc/shared/account';
import { PHONE_PREFIX } from '@vbc/shared/constants';
import { HttpError } from '../../api/http.ts';
import { errorText, withoutField } from '../../api/error-text.ts';
import { emitClientEvent, notify } from '../../platform/events.ts';
import { readStored } from '../../platform/storage.ts';
import { registerAppAccount, requestVerifyOtp, verifyContact, type TChannel, type TPersonalAccount } from '../../api/accounts.ts';
import { codeProblem, contactError, nameError } from './problems.ts';

import { useCountdown } from './use-countdown.ts';
import { useTranslation } from 'react-i18next';

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

/** The flow's fields, as the shared account schemas check them; each step checks its own. */
const ZAuthFields = z.object({ email: ZAccountEmail, phone: ZAccountPhoneNumber, name: ZAccountName, otp: ZOtpCodeEntry.shape.otp });
export type TAuthFields = z.input<typeof ZAuthFields>;
type TAuthField = keyof TAuthFields;

const EMPTY: TAuthFields = { email: '', phone: PHONE_PREFIX, name: '', otp: '' };

const fresh = () => ({
  step: 'contact' as TAuthStep,
  needNewCode: false,
  formError: null as string | null,
});

const contactField = (channel: TChannel) => (channel === 'email' ? 'email' : 'phone');

export function useAuthForm({ isSignedIn, signIn, onDone }: TAuthFormOptions) {
  const { t } = useTranslation('auth');
  const [tab, setTab] = useState<TAuthTab>('login');
  const [channel, setChannelState] = useState<TChannel>('email');
  /*
   * A field's message shows once it is left (the name: left non-empty) or its step is
   * submitted, then follows the typing ('onTouched'); a step's submit touches and checks
   * only its own fields (`check`), so the form is never "submitted" as a whole, and a
   * channel switch forgets the contact's message.
   */
  const fields = useForm<TAuthFields>({
    resolver: zodResolver(ZAuthFields),
    defaultValues: EMPTY,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const [email, phone, code] = useWatch({ control: fields.control, name: ['email', 'phone', 'otp'] });
  const [flow, setFlow] = useState(fresh);
  const [resendIn, restartResend] = useCountdown();
  /** The contact the current code went to. */
  const sentTo = useRef<TTarget | null>(null);
  const patch = (p: Partial<ReturnType<typeof fresh>>) => setFlow((f) => ({ ...f, ...p }));

  const nameNeeded = tab === 'register' || flow.step === 'name';
  const fieldErrors = fields.formState.errors;
  const errors = {
    contact: fieldErrors[contactField(channel)]?.message ?? null,
    name: nameNeeded ? (fieldErrors.name?.message ?? null) : null,
  };

  /** Shows the fields' messages from now on and checks them; true when they are valid. */
  const check = (names: TAuthField[]) => {
    for (const name of names) fields.setValue(name, fields.getValues(name), { shouldTouch: true });
    return fields.trigger(names);
  };
  /** Forgets a field's message until it is left or submitted again (its value stays). */
  const untouch = (name: TAuthField) => fields.resetField(name, { defaultValue: fields.getValues(name) });
  const setCode = (otp: string, message?: string) => {
    fields.setValue('otp', otp);
    if (message) fields.setError('otp', { type: 'server', message });
    else fields.clearErrors('otp');
  };

  const reset = useCallback(() => {
    setFlow(fresh());
    setTab('login');
    fields.reset(EMPTY);
    sentTo.current = null;
  }, [fields]);

  const alreadySignedIn = (): boolean => {
    if (!isSignedIn() && !readStored('accessToken')) return false;
    notify(t('toasts.alreadySignedIn'), 'info');
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
    onError: (error, target) => {
      notify(withoutField(errorText(error)), 'warning');
      // 400: the contact is invalid; 403: its business requires its single sign-on (issue 27). Both stay by the field.
      if (error instanceof HttpError && (error.status === 400 || error.status === 403)) {
        fields.setError(contactField(target.channel), { type: 'server', message: withoutField(error.message) });
      }
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
      finishSignIn(result, t('toasts.registered'));
    },
    onError: (error) => {
      const message = errorText(error);
      if (error instanceof HttpError && error.status === 400 && message.startsWith('name:')) {
        fields.setError('name', { type: 'server', message: withoutField(message) });
      } else if (error instanceof HttpError && (error.status === 410 || (error.status === 400 && message.startsWith('otp')))) {
        // The verified code no longer works (10 minutes passed, or too many tries): back to the code.
        const problem = codeProblem(error);
        patch({ step: 'code', needNewCode: problem.needNewCode });
        setCode('', problem.message);
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
          notify(t('toasts.alreadySignedIn'), 'info');
          reset();
          onDone();
        } else {
          finishSignIn(answer.login, t('toasts.welcome'));
        }
        return;
      }
      // A new contact: Name + Register (docs/contracts.md §4). On the register tab with a good name, register at once.
      patch({ step: 'name' });
      setCode(code);
      if (tab === 'register' && !nameError(fields.getValues('name'))) return void register(code);
      setTab('register');
    },
    onError: (error) => {
      const problem = codeProblem(error);
      patch({ needNewCode: problem.needNewCode });
      setCode('', problem.message);
    },
  });

  const busy = sending.isPending || verifying.isPending || registering.isPending;

  /** Submits the contact (and, on the register tab, checks the name first). */
  const requestCode = async () => {
    const field = contactField(channel);
    if (tab !== 'register') untouch('name');
    if (!(await check(tab === 'register' ? [field, 'name'] : [field]))) return;
    if (alreadySignedIn()) return onDone();
    sentTo.current = { channel, contact: fields.getValues(field).trim() };
    patch({ formError: null });
    if (await sendCode()) {
      patch({ step: 'code', needNewCode: false });
      setCode('');
    } else sentTo.current = null;
  };

  const resendCode = async () => {
    if ((resendIn > 0 && !flow.needNewCode) || busy) return;
    if (await sendCode()) {
      patch({ needNewCode: false });
      setCode('');
      notify(t('toasts.newCode'), 'info');
    }
  };

  /** Back to editing the contact; the code sent is forgotten. */
  const changeContact = () => {
    sentTo.current = null;
    patch({ step: 'contact', needNewCode: false, formError: null });
    setCode('');
  };

  const register = async (code = fields.getValues('otp')) => {
    const target = sentTo.current;
    const named = await check(['name']);
    if (!target || !named) return;
    if (alreadySignedIn()) return onDone();
    patch({ formError: null });
    registering.mutate({ target, code, name: fields.getValues('name').trim() });
  };

  /** VerifyEmail / VerifyPhoneNumber with a complete code. */
  const verify = async () => {
    const target = sentTo.current;
    if (!target || busy) return;
    if (!(await fields.trigger('otp'))) return;
    patch({ formError: null });
    verifying.mutate({ target, code: fields.getValues('otp') });
  };

  const setChannel = (next: TChannel) => {
    if (flow.step !== 'contact') return;
    setChannelState(next);
    untouch('email');
    untouch('phone');
  };

  return {
    tab,
    setTab,
    channel,
    setChannel,
    /** The fields (email, phone, name, otp) for `Controller`s. */
    control: fields.control,
    email,
    phone,
    step: flow.step,
    code,
    /** Typing the code forgets its message. */
    clearCodeError: () => fields.clearErrors('otp'),
    codeError: fieldErrors.otp?.message ?? null,
    needNewCode: flow.needNewCode,
    formError: flow.formError,
    errors,
    busy,
    resendIn,
    sentTo: sentTo.current,
    /** Which fields a submit now would refuse (docs/contracts.md §5). */
    invalidFields: () => {
      const values = fields.getValues();
      return {
        contact: !!contactError(channel, channel === 'email' ? values.email : values.phone),
        name: tab === 'register' && !!nameError(values.name),
      };
    },
    requestCode,
    resendCode,
    changeContact,
    verify,
    register,
    reset,
  };
}

export type TAuthForm = ReturnType<typeof useAuthForm>;
