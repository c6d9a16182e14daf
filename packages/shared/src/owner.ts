/**
 * What an owner's calls answer with (docs/contracts.md §D4 card routes, the PIN state):
 * one definition for the server that sends them and the editor that reads
 * them. Types only. Import as `@vbc/shared/owner`.
 */
import type { TVirtualContact } from './contact.ts';
import type { TCardTemplateInfo } from './team-template.ts';
import type { TCountedSource } from './visit-source.ts';

/** The owner's view of a card: phones and e-mails always present, the PIN state (never its hash), times. */
export interface TOwnerVirtualContact extends TVirtualContact {
  emails: NonNullable<TVirtualContact['emails']>;
  phones: NonNullable<TVirtualContact['phones']>;
  /** True when a PIN is set and hides phones and emails from visitors. */
  pinEnabled: boolean;
  createdAt: string;
  /** Issue 27: on a card linked to a business with a brand template, the fields the business sets. */
  template?: TCardTemplateInfo;
}

/** What was counted of one source on one day (issue 29). */
export interface TSourceCounts {
  views: number;
  downloads: number;
  /** Clicks on the card's links, through the counting redirect `/ds/vbc/l/{contactId}/{n}`. */
  linkClicks: number;
}

/** One UTC day of a card's chart. */
export interface TDailyStat {
  /** YYYY-MM-DD (UTC). */
  day: string;
  views: number;
  downloads: number;
  /** Clicks on the card's links that day (issue 29). */
  linkClicks: number;
  /** The day split by where the visits came from; only sources with a count appear (issue 29). */
  bySource: Partial<Record<TCountedSource, TSourceCounts>>;
}

/** GET /api/vbc/virtualcontact/{id}/stats. */
export interface TCardStats {
  virtualContactId: string;
  /** Oldest first, days without any as zero. */
  days: TDailyStat[];
  /** All time; linkClickCount counts clicks since link counting began (issue 29). */
  totals: { viewCount: number; downloadCount: number; linkClickCount: number };
}

/** GET /api/vbc/virtualcontact/{id}/signature (issue 29): the card as an e-mail signature. */
export interface TEmailSignature {
  /** HTML for mail clients: a table, inline styles only, absolute URLs; no script, class or stylesheet. */
  html: string;
  /** True when the card is PIN-protected: its phones and e-mails were left out. */
  contactInfoHidden: boolean;
}

/** GET /api/vbc/virtualcontact/{id}/pin: whether the PIN is on, and whether someone has been guessing. */
export interface TPinStatus {
  enabled: boolean;
  pinProtectionLevel: number | null;
  /** Wrong PINs entered in the last 24 hours, from any client. */
  failedAttempts24h: number;
  /** ISO time of the latest wrong PIN, or null. */
  lastFailedAt: string | null;
  /** ISO time until which the card refuses every PIN (100 wrong in a day), or null. */
  lockedUntil: string | null;
  /** The card's version (its updatedAt) after this change: the editor's next save sends it. */
  updatedAt: string;
}
