/**
 * The rows of the editors' ordered lists that a card and a business's brand template both have
 * (links, places, social networks): their input-friendly shapes (text inputs hold '' rather than
 * null; each row a client key for stable React rows while dragging), the conversions from and to
 * the shared schema's shapes (`ZLink`, `ZLocation`, `ZSocialMedia`), the check a social row needs
 * beyond the schema, and the add / change / remove / move of a list.
 */
import type { TLink, TLocation, TSocialMedia, TSocialMediaType } from '@vbc/shared/contact';
import { moveItem } from './use-drag-sort.ts';

let keySeq = 0;
/** A key for a new list row (never sent to the server). */
export const newKey = (): string => `k${++keySeq}`;

export type TReference = 'ByAccountId' | 'ByUrl' | 'ByQrCode';

export interface TLinkRow {
  key: string;
  linkUrl: string;
  linkName: string;
}
export interface TLocationRow {
  key: string;
  title: string;
  address: string;
  city: string;
  country: string;
  googlePlaceId: string;
  latitude: number | null;
  longitude: number | null;
}
export interface TSocialRow {
  key: string;
  socialMediaType: TSocialMediaType;
  referenceType: TReference;
  accountId: string;
  urlOverride: string;
  qrCode: string | null;
}

const s = (v: string | null | undefined): string => v ?? '';
/** A text input's value as sent: trimmed, null when empty. */
export const orNull = (v: string): string | null => (v.trim() ? v.trim() : null);

/** New, empty rows. */
export const emptyLinkRow = (): TLinkRow => ({ key: newKey(), linkUrl: '', linkName: '' });
export const emptyLocationRow = (): TLocationRow => ({
  key: newKey(),
  title: '',
  address: '',
  city: '',
  country: '',
  googlePlaceId: '',
  latitude: null,
  longitude: null,
});
export const emptySocialRow = (): TSocialRow => ({
  key: newKey(),
  socialMediaType: 'Instagram',
  referenceType: 'ByAccountId',
  accountId: '',
  urlOverride: '',
  qrCode: null,
});

/** Stored shapes → rows. */
export const linkRow = (l: TLink): TLinkRow => ({ key: newKey(), linkUrl: l.linkUrl, linkName: s(l.linkName) });
export const locationRow = (l: TLocation): TLocationRow => ({
  key: newKey(),
  title: s(l.title),
  address: s(l.address),
  city: s(l.city),
  country: s(l.country),
  googlePlaceId: s(l.googlePlaceId),
  latitude: l.latitude ?? null,
  longitude: l.longitude ?? null,
});
export const socialRow = (m: TSocialMedia): TSocialRow => ({
  key: newKey(),
  socialMediaType: m.socialMediaType,
  referenceType: m.referenceType === 'ByQrCode' ? 'ByQrCode' : m.useUrlOverride || m.referenceType === 'ByUrl' ? 'ByUrl' : 'ByAccountId',
  accountId: s(m.accountId),
  urlOverride: s(m.urlOverride),
  qrCode: m.qrCode,
});

/** Rows → the request's shapes (only the chosen way of reaching a social network is sent). */
export const linkInput = (l: TLinkRow): TLink => ({ linkUrl: l.linkUrl.trim(), linkName: orNull(l.linkName) });
export const locationInput = (l: TLocationRow): TLocation => ({
  title: orNull(l.title),
  address: orNull(l.address),
  city: orNull(l.city),
  country: orNull(l.country),
  googlePlaceId: orNull(l.googlePlaceId),
  latitude: l.latitude,
  longitude: l.longitude,
});
export const socialInput = (m: TSocialRow): TSocialMedia => ({
  socialMediaType: m.socialMediaType,
  referenceType: m.referenceType,
  accountId: m.referenceType === 'ByAccountId' ? orNull(m.accountId) : null,
  urlOverride: m.referenceType === 'ByUrl' ? orNull(m.urlOverride) : null,
  useUrlOverride: m.referenceType === 'ByUrl',
  qrCode: m.referenceType === 'ByQrCode' ? m.qrCode : null,
});

/** A social entry's problem: its index in the list, the field and the message. */
export interface TSocialIssue {
  index: number;
  field: 'qrCode' | 'accountId' | 'urlOverride';
  message: string;
}

/**
 * What a social entry needs beyond the shared schema, as (index, field, message) issues of the
 * request's list: a QR image for WeChat and QR entries, an account or a URL for the others.
 */
export function socialIssues(socialMedias: readonly TSocialMedia[]): TSocialIssue[] {
  return socialMedias.flatMap((m, index): TSocialIssue[] => {
    if (m.referenceType === 'ByQrCode' && !m.qrCode)
      return [
        {
          index,
          field: 'qrCode',
          message: m.socialMediaType === 'WeChat' ? 'WeChat needs a QR image: upload one.' : 'Upload the QR image.',
        },
      ];
    if (m.referenceType === 'ByAccountId' && !m.accountId) return [{ index, field: 'accountId', message: 'Required.' }];
    if (m.referenceType === 'ByUrl' && !m.urlOverride) return [{ index, field: 'urlOverride', message: 'Required.' }];
    return [];
  });
}

/** Changes a list: `update` gets the rows as they are and answers the new rows. */
export type TRowsChange<TRow> = (update: (rows: TRow[]) => TRow[]) => void;

/** Add / change / remove / move for one list, through its change function. */
export function rowOps<TRow>(change: TRowsChange<TRow>) {
  return {
    add: (row: TRow) => change((rows) => [...rows, row]),
    update: (index: number, patch: Partial<TRow>) => change((rows) => rows.map((r, i) => (i === index ? { ...r, ...patch } : r))),
    remove: (index: number) => change((rows) => rows.filter((_, i) => i !== index)),
    move: (from: number, to: number) => change((rows) => moveItem(rows, from, to)),
  };
}

/** What each list editor (LinkRows, LocationRows, SocialRows) takes. */
export interface TRowsProps<TRow> {
  rows: TRow[];
  onChange: TRowsChange<TRow>;
  /** Field errors by request path; a row's are read under `{path}.{index}.{field}`. */
  errors: Record<string, string>;
  /** The list's request path ("links", "locations", "socialMedias"): its errors' prefix and the form's name for it. */
  path: string;
  /** The words of the add button. */
  addText?: string;
}
