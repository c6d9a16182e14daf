import type { TCardSummary, TVirtualContact } from '@vbc/shared';
import { isPinProtected } from '@vbc/shared';
import { sql } from 'drizzle-orm';
import { columnsWithout } from '../platform/db/columns-without.ts';
import type { TJsonText } from '../platform/db/json-text.ts';
import { qualified } from '../platform/db/qualified.ts';
import { virtualContacts } from '../platform/db/schema/index.ts';

/** A card row as read; a read through its business's template (apply-template.ts) may add the last two. */
export type ContactRow = Omit<typeof virtualContacts.$inferSelect, 'summaryJson'> & {
  /** The business template's logo. */
  logoDisplayItemId?: string;
  /** `"{name} is no longer with {business}."` */
  noLongerWith?: string;
};
/** A card's columns but `summaryJson`, which only the lists read (storedCardSummaryJson): a card's whole row as read. */
export const contactColumns = columnsWithout(virtualContacts, 'summaryJson');

export type PictureInfo = { displayItemId: string; contentType: string } | null;

export interface PresentOptions {
  /** The owner, or a holder of a valid PIN token, sees phones and emails. */
  revealContactInfo: boolean;
}

/** True while the card waits to be adopted with its passcode. */
export const isUnadopted = (row: Pick<ContactRow, 'ownerAccountId' | 'passcodeHash'>): boolean =>
  row.ownerAccountId === null && row.passcodeHash !== null;

/** The card's design as the API shows it (unset accent colours as null). */
const presentDesign = ({ designSpecification: d }: ContactRow): TVirtualContact['designSpecification'] => ({
  design: d.design,
  theme: d.theme,
  accentColor1: d.accentColor1 ?? null,
  accentColor2: d.accentColor2 ?? null,
  accentColor3: d.accentColor3 ?? null,
});

/**
 * Row → docs/contracts.md §3 VirtualContact, applying the hiding rules (PIN, unadopted).
 *
 * Each answer is one object literal, without `{ ...common, more }`: V8 (Node 20) adds every
 * property written after a spread in a literal by a call into its runtime, about 1 µs each, and
 * this card took 27–37 µs a call that way (about 1 µs now; docs/benchmarks.md). The keys a card may
 * lack are `undefined` when it does, which JSON leaves out.
 */
export function presentContact(row: ContactRow, picture: PictureInfo, options: PresentOptions): TVirtualContact {
  if (isUnadopted(row)) {
    // Nothing personal: a blank card whose only use is to be adopted.
    return {
      virtualContactId: row.id,
      id: row.id,
      quickId: row.quickId,
      isCorporateProfile: false,
      corporateProfileId: null,
      hasPersonalAccount: false,
      pinProtectionLevel: null,
      designSpecification: presentDesign(row),
      exchangeEnabled: false,
      listedInSearchEngines: false,
      updatedAt: row.updatedAt.toISOString(),
      ownerCorporateAccountId: row.ownerCorporateAccountId || undefined,
      logoDisplayItemId: row.logoDisplayItemId || undefined,
      noLongerWith: row.noLongerWith || undefined,
      firstName: '',
      lastName: '',
      name: '',
      jobTitle: null,
      organization: null,
      biography: null,
      markdownDescriptions: [],
      pictureDisplayItemId: null,
      highResPictureDisplayItemId: null,
      heroImageDisplayItemId: null,
      hasVirginAccessProtection: true,
      stats: { viewCount: 0, downloadCount: 0 },
      wall: { boards: [] },
      picture: null,
      emails: [],
      phones: [],
      locations: [],
      socialMedias: [],
      links: [],
      videos: [],
    };
  }
  const revealed = !isPinProtected(row) || options.revealContactInfo;
  return {
    virtualContactId: row.id,
    id: row.id,
    quickId: row.quickId,
    isCorporateProfile: row.corporateProfileId !== null,
    corporateProfileId: row.corporateProfileId,
    hasPersonalAccount: row.ownerAccountId !== null,
    pinProtectionLevel: row.pinProtectionLevel,
    designSpecification: presentDesign(row),
    exchangeEnabled: row.exchangeEnabled,
    listedInSearchEngines: row.listedInSearchEngines,
    updatedAt: row.updatedAt.toISOString(),
    ownerCorporateAccountId: row.ownerCorporateAccountId || undefined,
    logoDisplayItemId: row.logoDisplayItemId || undefined,
    noLongerWith: row.noLongerWith || undefined,
    firstName: row.firstName,
    lastName: row.lastName,
    name: `${row.firstName} ${row.lastName}`.trim(),
    jobTitle: row.jobTitle,
    organization: row.organization,
    biography: row.biography,
    markdownDescriptions: row.markdownDescriptions,
    pictureDisplayItemId: row.pictureDisplayItemId,
    highResPictureDisplayItemId: row.highResPictureDisplayItemId,
    heroImageDisplayItemId: row.heroImageDisplayItemId,
    hasVirginAccessProtection: false,
    stats: { viewCount: row.viewCount, downloadCount: row.downloadCount },
    wall: row.wall,
    picture,
    locations: row.locations,
    socialMedias: row.socialMedias,
    links: row.links,
    videos: row.videos,
    // Behind a PIN, left out (`undefined`) unless revealed.
    emails: revealed ? row.emails : undefined,
    phones: revealed ? row.phones : undefined,
  };
}

const publicJson = new WeakMap<object, string>();

/**
 * The visitor's view of a card as JSON, serialized once per cached lookup
 * (the hot path of the public page: no per-request stringify).
 */
export function publicContactJson(found: { row: ContactRow; picture: PictureInfo }): string {
  let json = publicJson.get(found);
  if (json === undefined) {
    json = JSON.stringify(presentContact(found.row, found.picture, { revealContactInfo: false }));
    publicJson.set(found, json);
  }
  return json;
}

/** The columns a card summary needs: lists select these, not the whole card (its design and lists are large). */
export const cardSummaryColumns = {
  id: virtualContacts.id,
  quickId: virtualContacts.quickId,
  firstName: virtualContacts.firstName,
  lastName: virtualContacts.lastName,
  jobTitle: virtualContacts.jobTitle,
  organization: virtualContacts.organization,
  pictureDisplayItemId: virtualContacts.pictureDisplayItemId,
  corporateProfileId: virtualContacts.corporateProfileId,
  ownerAccountId: virtualContacts.ownerAccountId,
  passcodeHash: virtualContacts.passcodeHash,
};
export type CardSummaryRow = Pick<ContactRow, keyof typeof cardSummaryColumns>;

/**
 * The same columns of a `virtual_contacts` row as one JSON object with the same keys: for a
 * `json_agg` of cards inside another statement (one round trip for a list with its cards).
 */
export const cardSummaryJson = sql<CardSummaryRow>`json_build_object(${sql.join(
  Object.entries(cardSummaryColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
)})`;

/**
 * presentCardSummary as PostgreSQL writes it (the same keys in the same order), for a select of
 * `virtual_contacts`: the summary its trigger keeps (migration 0039), or for a card it finds
 * null, the same function written as it reads it. A list PostgreSQL writes whole is sent as it
 * comes, never parsed and written again (a business directory's page, recents, search).
 * `cards/summary-json.test.ts` holds the two to the same answer.
 */
export const storedCardSummaryJson: TJsonText = {
  jsonText: sql<string>`coalesce(${qualified(virtualContacts.summaryJson)}, virtual_contact_summary_json(${virtualContacts}))`,
};

/** Card row (or its summary columns) → the summary lists show (storedCardSummaryJson writes the same). */
export function presentCardSummary(row: CardSummaryRow): TCardSummary {
  return {
    virtualContactId: row.id,
    id: row.id,
    quickId: row.quickId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    firstName: row.firstName,
    lastName: row.lastName,
    jobTitle: row.jobTitle,
    organization: row.organization,
    pictureDisplayItemId: row.pictureDisplayItemId,
    isCorporateProfile: row.corporateProfileId !== null,
    hasVirginAccessProtection: isUnadopted(row),
  };
}
