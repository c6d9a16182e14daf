import { z } from 'zod';
import { emailProblem, nameProblem } from './account.ts';
import { zText } from './text.ts';
import { ZLocale } from './i18n/locales.ts';

/** Issue 26: a visitor leaves their details on a card ("Exchange Contact"); the owner's leads. */

export const LEAD_NOTE_MAX_LENGTH = 500;
export const LEAD_STATUSES = ['new', 'contacted', 'won', 'archived'] as const;
export const ZLeadStatus = z.enum(LEAD_STATUSES);
export type TLeadStatus = z.infer<typeof ZLeadStatus>;
export const LEAD_TAG_MAX_LENGTH = 40;
export const LEAD_TAGS_MAX = 20;
/** A submission sooner than this after the window opened is a bot's (the form's `openedAt`). */
export const EXCHANGE_MIN_FILL_MS = 1500;

export const EXCHANGE_CONTACT_MISSING = 'Enter an e-mail or a phone number.';
export const EXCHANGE_PHONE_INVALID = 'Enter 7 to 15 digits, with an optional leading +.';

/** Digits of a phone number, with its leading + kept; spaces and dashes ignored. Null when it is not 7–15 digits. */
export function normalizeLeadPhone(value: string): string | null {
  const compact = value.trim().replace(/[\s-]/g, '');
  return /^\+?\d{7,15}$/.test(compact) ? compact : null;
}

/** The name the exchange window gives the card's owner (and the consent sentence quotes): the card's name, else "the owner". */
export const cardOwnerName = (card: { firstName: string; lastName: string }): string =>
  `${card.firstName} ${card.lastName}`.trim() || 'the owner';

/** The consent sentence the visitor ticks, stored with the lead as shown. */
export const exchangeConsentText = (ownerName: string): string => `I agree that ${ownerName} may keep these details and contact me.`;

const checked = (problem: (value: string) => string | null) =>
  zText({ error: 'Required.' }).superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
const optionalText = (max: number) =>
  zText()
    .trim()
    .max(max, `Max ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/vbc/virtualcontact/{contactId}/exchange */
export const ZExchangeRequest = z
  .object({
    name: checked(nameProblem).transform((v) => v.trim()),
    email: zText()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .superRefine((v, ctx) => {
        const message = v ? emailProblem(v) : null;
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
    phone: zText()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .superRefine((v, ctx) => {
        if (v && !normalizeLeadPhone(v)) ctx.addIssue({ code: 'custom', message: EXCHANGE_PHONE_INVALID });
      }),
    company: optionalText(100),
    jobTitle: optionalText(100),
    note: optionalText(LEAD_NOTE_MAX_LENGTH),
    consent: z.literal(true, { error: 'Tick the box to agree.' }),
    sendMeTheCard: z.boolean().default(false),
    /** A signed-in visitor's own card, sent with their details. */
    fromVbcId: z.string().min(1).max(64).nullish(),
    /** The client's id for this submission: the same id again answers the same lead (offline retries). */
    clientRequestId: z.string().uuid('Must be a UUID.'),
    /** Where the visitor came from (`s=` of the link: qr, nfc, link, wallet…). */
    source: z
      .string()
      .regex(/^[a-z0-9_-]{1,20}$/, 'Unknown source.')
      .nullish(),
    /** Honeypot: a field people never see. Anything in it is a bot. */
    website: z.string().max(500).nullish(),
    /** Milliseconds the window was open before Send (at least EXCHANGE_MIN_FILL_MS). */
    fillMs: z.number().int().nonnegative().nullish(),
    /**
     * The language the window was shown in (en, fil, es, ar; issue 31): the consent sentence is stored
     * in it as the visitor read it, and the card e-mailed in it. Absent: the request's language.
     */
    language: ZLocale.nullish(),
  })
  .superRefine(
    (v, ctx) => {
      if (!v.email && !v.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: EXCHANGE_CONTACT_MISSING });
      if (v.sendMeTheCard && !v.email) ctx.addIssue({ code: 'custom', path: ['sendMeTheCard'], message: 'Needs an e-mail address.' });
    },
    // Also when another field failed (an empty name): a form shows every problem at once, not one after another.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type TExchangeRequest = z.input<typeof ZExchangeRequest>;
export const ZExchangeResponse = z.object({ leadId: z.string() });
export type TExchangeResponse = z.infer<typeof ZExchangeResponse>;

/** A lead as its owner (or a business admin) reads it. */
export const ZLead = z.object({
  leadId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  /** The visitor's note. */
  message: z.string().nullable(),
  /** The owner's own note. */
  note: z.string().nullable(),
  tags: z.array(z.string()),
  status: ZLeadStatus,
  /** False until the owner opened it. */
  seen: z.boolean(),
  cardId: z.string(),
  cardName: z.string(),
  /** The owner's name, shown in the business console. */
  ownerName: z.string().nullable(),
  /** The visitor's own card, when they sent it. */
  visitorCardId: z.string().nullable(),
  visitorAccountId: z.string().nullable(),
  source: z.string().nullable(),
  consentText: z.string(),
  consentAt: z.string(),
  capturedAt: z.string(),
  lastExchangedAt: z.string(),
  exchangeCount: z.number().int(),
});
export type TLead = z.infer<typeof ZLead>;

export const ZLeadPage = z.object({ items: z.array(ZLead), nextCursor: z.string().nullable(), newCount: z.number().int() });
export type TLeadPage = z.infer<typeof ZLeadPage>;

/** GET /api/leads?cardId=&status=&q=&cursor=&limit= (and the exports, without cursor and limit). */
export const ZLeadQuery = z.object({
  cardId: z.string().max(64).optional(),
  status: ZLeadStatus.optional(),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** PUT /api/leads/{leadId}: the owner's changes (fields left out stay). */
export const ZLeadUpdate = z
  .object({
    status: ZLeadStatus,
    note: optionalText(LEAD_NOTE_MAX_LENGTH),
    tags: z.array(zText().trim().min(1).max(LEAD_TAG_MAX_LENGTH)).max(LEAD_TAGS_MAX),
    seen: z.literal(true),
  })
  .partial()
  .strict();
export type TLeadUpdate = z.input<typeof ZLeadUpdate>;

/** The hub event an owner's connections get when a visitor's details arrive (docs/contracts.md §D5): the lead (`ZLead`). */
export const LEAD_HUB_EVENT = 'LeadReceived';
