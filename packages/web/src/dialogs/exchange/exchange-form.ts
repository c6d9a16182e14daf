/**
 * The "Exchange Contact" window's words and rules beside the shared `ZExchangeRequest`: the
 * names it shows, where it came from (`s=`), and how a refusal maps onto its fields.
 */
import type { TVirtualContact } from '@vbc/shared/contact';
import type { TExchangeRequest } from '@vbc/shared/leads';
import { HttpError } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';

/**
 * A refusal's own words (issue 26), as exchangeProblem reports them; the window shows them in the
 * active language (its catalogue's `exchange.problems`).
 */
export const EXCHANGE_TOO_MANY = 'Too many attempts. Try again later.';
export const EXCHANGE_GONE = 'This card no longer takes details.';

/** The card's first name for the window's texts (its display name's first word when blank; null when it has none). */
export const firstNameOf = (contact: Pick<TVirtualContact, 'firstName' | 'name'>): string | null =>
  contact.firstName.trim() || contact.name.trim().split(/\s+/)[0] || null;

/** The owner's name in the consent sentence: first and last name, else the card's name. */
/** False only when the card says so: a card answer without the field (an older server, a cached page) takes exchanges. */
export const exchangeEnabled = (contact: Pick<TVirtualContact, 'exchangeEnabled'>): boolean => contact.exchangeEnabled !== false;

/** `s=` of the page's address (qr, nfc, link, wallet…) when it is one the server takes, else null. */
export function pageSource(search: string = typeof window === 'undefined' ? '' : window.location.search): string | null {
  const value = new URLSearchParams(search).get('s');
  return value && /^[a-z0-9_-]{1,20}$/.test(value) ? value : null;
}

/** The form's values: the request as typed (the consent box starts unticked). */
export type TExchangeFormValues = Omit<TExchangeRequest, 'consent'> & {
  name: string;
  email: string;
  phone: string;
  company: string;
  jobTitle: string;
  note: string;
  consent: boolean;
  sendMeTheCard: boolean;
  website: string;
  clientRequestId: string;
};

/** The fields a visitor sees; a server refusal naming one of them is shown under it. */
export const EXCHANGE_FIELDS = ['name', 'email', 'phone', 'company', 'jobTitle', 'note', 'consent', 'sendMeTheCard', 'fromVbcId'] as const;
export type TExchangeField = (typeof EXCHANGE_FIELDS)[number];

/** How a refusal reads: under fields (a 400's "field: message" parts), or one line at the top. */
export interface TExchangeProblem {
  fields: Partial<Record<TExchangeField, string>>;
  top: string | null;
}

/** Sorts a failed send's error into field messages and a top message (429 and 404 have their own words). */
export function exchangeProblem(error: unknown): TExchangeProblem {
  if (!(error instanceof HttpError)) return { fields: {}, top: errorText(error) };
  if (error.status === 429) return { fields: {}, top: EXCHANGE_TOO_MANY };
  if (error.status === 404) return { fields: {}, top: EXCHANGE_GONE };
  if (error.status !== 400) return { fields: {}, top: error.message };
  const fields: TExchangeProblem['fields'] = {};
  const rest: string[] = [];
  for (const part of error.message.split('; ')) {
    const match = /^([A-Za-z]+):\s*(.+)$/.exec(part);
    const field = match && (EXCHANGE_FIELDS as readonly string[]).includes(match[1]!) ? (match[1] as TExchangeField) : null;
    if (field) fields[field] ??= match![2]!;
    else rest.push(part);
  }
  return { fields, top: rest.length ? rest.join(' ') : null };
}
