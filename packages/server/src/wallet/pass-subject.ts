import { DEFAULT_ACCENT_COLOR, cardShareUrl, petShareUrl } from '@vbc/shared';
import type { FoundContact } from '../cards/index.ts';
import type { FoundPet } from '../pets/index.ts';

/** What a wallet pass shows, from a card or a pet (one shape for Apple and Google). */
export interface TPassSubject {
  kind: 'card' | 'pet';
  /** The card's or pet's full id. */
  id: string;
  ownerAccountId: string | null;
  /** The name on the pass (first and last name; the pet's name). */
  name: string;
  /** Job title (a card), species and breed (a pet). */
  jobTitle: string | null;
  organization: string | null;
  /** The card's first accent colour (#rrggbb), or the default. */
  accentColor: string;
  /** The public link the barcode carries (docs/contracts.md §2 share link). */
  shareUrl: string;
  /** The display item shown as the pass's thumbnail, if any. */
  pictureDisplayItemId: string | null;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A card → the pass's subject. */
export function cardSubject({ row }: FoundContact, publicUrl: string): TPassSubject {
  const accent = row.designSpecification.accentColor1;
  return {
    kind: 'card',
    id: row.id,
    ownerAccountId: row.ownerAccountId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    jobTitle: row.jobTitle || null,
    organization: row.organization || null,
    accentColor: accent && HEX.test(accent) ? accent : DEFAULT_ACCENT_COLOR,
    shareUrl: cardShareUrl(publicUrl, { virtualContactId: row.id, quickId: row.quickId }, 'wallet'),
    pictureDisplayItemId: row.highResPictureDisplayItemId ?? row.pictureDisplayItemId,
  };
}

/** A pet → the pass's subject. */
export function petSubject({ row }: FoundPet, publicUrl: string): TPassSubject {
  const kind = [row.details.species, row.details.breed].filter(Boolean).join(' · ');
  return {
    kind: 'pet',
    id: row.id,
    ownerAccountId: row.ownerAccountId,
    name: row.name,
    jobTitle: kind || null,
    organization: null,
    accentColor: DEFAULT_ACCENT_COLOR,
    shareUrl: petShareUrl(publicUrl, row.id),
    pictureDisplayItemId: row.pictureDisplayItemId,
  };
}

/** `#rrggbb` → Apple's `rgb(r, g, b)`. */
export function appleRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** Text colour readable on the accent: white on dark accents, near-black on light ones. */
export function foregroundFor(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#1a1a1a' : '#ffffff';
}
