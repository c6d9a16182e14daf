import { z } from 'zod';
import { zText } from './text.ts';
import { NAME_MIN_LENGTH, PHONE_MIN_LENGTH, PHONE_PREFIX } from './constants.ts';
import { ZLocale } from './i18n/locales.ts';

/** Digits in a one-time code. */
export const OTP_CODE_LENGTH = 6;
export const NAME_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 15;
export const EMAIL_MAX_LENGTH = 254;

const EMAIL_SHAPE = /^[^\s@"(),:;<>[\]\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/**
 * docs/contracts.md §5 name rule: the first problem as the form shows it, or null.
 * One message per field, in the order the SPEC lists the rules.
 */
export function nameProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'Required.';
  if (v.length < NAME_MIN_LENGTH) return `Min ${NAME_MIN_LENGTH} characters`;
  if (v.length > NAME_MAX_LENGTH) return `Max ${NAME_MAX_LENGTH} characters`;
  return null;
}

/** docs/contracts.md §5 phone rule (digits only, starts 09, at least 9): the first problem, or null. */
export function phoneNumberProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'Required.';
  if (!/^\d+$/.test(v)) return 'Must be numbers.';
  if (!v.startsWith(PHONE_PREFIX)) return `Must start with ${PHONE_PREFIX}.`;
  if (v.length < PHONE_MIN_LENGTH) return `Min ${PHONE_MIN_LENGTH} characters`;
  if (v.length > PHONE_MAX_LENGTH) return `Max ${PHONE_MAX_LENGTH} characters`;
  return null;
}

/** docs/contracts.md §5 e-mail rule: the first problem, or null. */
export function emailProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'Required.';
  if (v.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(v)) return 'Invalid email format';
  return null;
}

const checked = (problem: (value: string) => string | null) =>
  zText({ error: 'Required.' }).superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** Account name (docs/contracts.md §5): trimmed, 3–100 characters. */
export const ZAccountName = checked(nameProblem).transform((v) => v.trim());
/** Phone as the form takes it (docs/contracts.md §5): digits, starts 09, 9–15 digits. */
export const ZAccountPhoneNumber = checked(phoneNumberProblem).transform((v) => v.trim());
/** E-mail, trimmed and lower-cased (accounts store it lower-cased). */
export const ZAccountEmail = checked(emailProblem).transform((v) => v.trim().toLowerCase());
/** A one-time code as typed, exactly 6 digits, with `message` when it is not. */
const otpCode = (message: string) =>
  z
    .string({ error: 'Required.' })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`), message);

/** A one-time code as typed: exactly 6 digits. */
export const ZOtpCode = otpCode(`Must be ${OTP_CODE_LENGTH} digits.`);
/** The code fields' value (sign-in, account deletion): 6 digits, "Enter the 6 digits of the code." */
export const ZOtpCodeEntry = z.object({ otp: otpCode(`Enter the ${OTP_CODE_LENGTH} digits of the code.`) });
export type TOtpCodeEntry = z.input<typeof ZOtpCodeEntry>;

/** '' and null mean "not given" for the optional contact fields (forms send empty strings). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** POST /api/personalaccount/RequestVerifyOtp: exactly one of phoneNumber or email. */
export const ZRequestVerifyOtp = z
  .object({ phoneNumber: optional(ZAccountPhoneNumber), email: optional(ZAccountEmail) })
  .superRefine((body, ctx) => {
    if (body.phoneNumber === undefined && body.email === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Give a phoneNumber or an email.' });
    } else if (body.phoneNumber !== undefined && body.email !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'Give a phoneNumber or an email, not both.' });
    }
  });
export type TRequestVerifyOtp = z.input<typeof ZRequestVerifyOtp>;

/**
 * POST /api/personalAccount/contact/code (issue 30): the new e-mail address or phone number the
 * signed-in account wants, exactly one, as RequestVerifyOtp takes it.
 */
export const ZRequestContactChange = ZRequestVerifyOtp;
export type TRequestContactChange = z.input<typeof ZRequestContactChange>;

/** POST /api/personalAccount/contact: the new contact (exactly one) and the code sent to it. */
export const ZConfirmContactChange = z
  .object({ phoneNumber: optional(ZAccountPhoneNumber), email: optional(ZAccountEmail), otp: ZOtpCode })
  .superRefine((body, ctx) => {
    if ((body.phoneNumber === undefined) === (body.email === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Give a phoneNumber or an email, not both.' });
    }
  });
export type TConfirmContactChange = z.input<typeof ZConfirmContactChange>;

/** POST /api/personalaccount/VerifyPhoneNumber */
export const ZVerifyPhoneNumber = z.object({ phoneNumber: ZAccountPhoneNumber, otp: ZOtpCode });
export type TVerifyPhoneNumber = z.input<typeof ZVerifyPhoneNumber>;

/** POST /api/personalaccount/VerifyEmail */
export const ZVerifyEmail = z.object({ email: ZAccountEmail, otp: ZOtpCode });
export type TVerifyEmail = z.input<typeof ZVerifyEmail>;

/**
 * POST /api/personalaccount/RegisterAppAccount: a name and at least one contact,
 * each with the code that VerifyPhoneNumber / VerifyEmail accepted. `password`
 * is accepted for wire compatibility (docs/contracts.md §7) and ignored: sign-in is by code only.
 */
export const ZRegisterAppAccount = z
  .object({
    name: ZAccountName,
    phoneNumber: optional(ZAccountPhoneNumber),
    email: optional(ZAccountEmail),
    phoneNumberVerificationCode: optional(ZOtpCode),
    emailVerificationCode: optional(ZOtpCode),
    password: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.phoneNumber === undefined && body.email === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Give a verified phoneNumber or email.' });
    }
    if (body.phoneNumber !== undefined && body.phoneNumberVerificationCode === undefined) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumberVerificationCode'], message: 'Required.' });
    }
    if (body.email !== undefined && body.emailVerificationCode === undefined) {
      ctx.addIssue({ code: 'custom', path: ['emailVerificationCode'], message: 'Required.' });
    }
  });
export type TRegisterAppAccount = z.input<typeof ZRegisterAppAccount>;

/** POST /api/personalaccount/VerifyUnregisterOtp. Any string: a malformed code is simply a wrong one (false). */
export const ZVerifyUnregisterOtp = z.object({ otp: zText({ error: 'Required.' }).max(20) });

/** PUT /api/personalAccount/myAccount: the fields a person may change. */
export const ZUpdateAccount = z.object({ name: ZAccountName });
export type TUpdateAccount = z.input<typeof ZUpdateAccount>;

/** PUT /api/personalAccount/language (issue 31): one of LOCALES, or null to follow the device. */
export const ZUpdateLanguage = z.object({ language: ZLocale.nullable() });
export type TUpdateLanguage = z.input<typeof ZUpdateLanguage>;

/** One local recents entry: a card id (full or quickId) and when it was viewed (epoch ms, or an ISO date). */
export const ZRecentEntry = z.object({
  id: zText().trim().min(1).max(100),
  time: z.union([z.number(), z.string().max(40)]).transform((t, ctx) => {
    const ms = typeof t === 'number' ? t : Date.parse(t);
    if (!Number.isFinite(ms) || ms < 0) {
      ctx.addIssue({ code: 'custom', message: 'must be a time (epoch milliseconds or an ISO date)' });
      return z.NEVER;
    }
    return ms;
  }),
});
/** POST /api/personalAccount/mergeRecentlyViewedVbc */
export const ZMergeRecents = z.object({ recents: z.array(ZRecentEntry).max(200) });
export type TMergeRecents = z.input<typeof ZMergeRecents>;

/** A card as lists show it (an account's cards, recents). */
export const ZCardSummary = z.object({
  virtualContactId: z.string(),
  /** Same as virtualContactId. */
  id: z.string(),
  quickId: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  organization: z.string().nullable(),
  pictureDisplayItemId: z.string().nullable(),
  isCorporateProfile: z.boolean(),
  hasVirginAccessProtection: z.boolean(),
});
export type TCardSummary = z.infer<typeof ZCardSummary>;

/** A pet as lists show it. */
export const ZPetSummary = z.object({
  virtualPetId: z.string(),
  /** Same as virtualPetId. */
  id: z.string(),
  name: z.string(),
  pictureDisplayItemId: z.string().nullable(),
});
export type TPetSummary = z.infer<typeof ZPetSummary>;

/** docs/contracts.md §3 personal account. */
export const ZPersonalAccount = z.object({
  accountId: z.string(),
  accountName: z.string(),
  /** As registered (09…), or null. */
  accountPhoneNumber: z.string().nullable(),
  /** Lower-cased, or null. */
  accountEmail: z.string().nullable(),
  /** The language chosen in Settings (issue 31), or null: the device's languages decide. */
  language: ZLocale.nullable(),
  virtualContacts: z.array(ZCardSummary),
  virtualPets: z.array(ZPetSummary),
});
export type TPersonalAccount = z.infer<typeof ZPersonalAccount>;

/** docs/contracts.md §3 login result: both secrets are shown once and sent back on every request. */
export const ZLoginResult = z.object({
  /** Send as `Authorization: Bearer <accessToken>`. */
  accessToken: z.string(),
  /** Send as `X-Session-Id`. */
  sessionId: z.string(),
  account: ZPersonalAccount,
});
export type TLoginResult = z.infer<typeof ZLoginResult>;

/** docs/contracts.md §3 OTP response. `login` is present when the verified contact already has an account. */
export const ZOtpResponse = z.object({
  isAuthenticatedNumber: z.boolean(),
  isAuthenticatedEmail: z.boolean(),
  login: ZLoginResult.optional(),
  /** RequestVerifyOtp only: seconds the code stays valid. */
  expiresInSeconds: z.number().optional(),
});
export type TOtpResponse = z.infer<typeof ZOtpResponse>;

/** POST /api/personalAccount/validatesession */
export interface TSessionValidation {
  valid: boolean;
}

/** POST /api/personalaccount/RequestUnRegisterOtp */
export const ZUnregisterOtpResponse = z.object({
  channel: z.enum(['email', 'phone']),
  /** The contact the code went to, partly masked. */
  destination: z.string(),
  expiresInSeconds: z.number(),
});
export type TUnregisterOtpResponse = z.infer<typeof ZUnregisterOtpResponse>;

/** POST /api/personalAccount/contact/code: where the code went (the new contact, partly masked). */
export const ZContactChangeCode = ZUnregisterOtpResponse;
export type TContactChangeCode = TUnregisterOtpResponse;

/** A recently viewed card with the time of the view (epoch ms). */
export const ZRecentCard = ZCardSummary.extend({ time: z.number() });
export type TRecentCard = z.infer<typeof ZRecentCard>;

/** GET /api/vbc/recents and the merge answer: newest first. */
export const ZRecents = z.object({ recents: z.array(ZRecentCard) });
export type TRecents = z.infer<typeof ZRecents>;
