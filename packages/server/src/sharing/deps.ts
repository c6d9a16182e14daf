import type { FoundContact } from '../cards/index.ts';

/** What the share surfaces need: the card as visitors get it (cached), and the public origin for its links. */
export interface TSharingDeps {
  getPublic(contactId: string): Promise<FoundContact>;
  publicUrl: string;
}
