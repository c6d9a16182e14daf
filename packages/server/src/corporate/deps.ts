import type { Db } from '../platform/db/client.ts';

/** What a corporate write that changes cards needs: the database and the cards' change notice (`app.cards.changed`). */
export interface TCardLinkDeps {
  db: Db;
  cardChanged(contactId: string): Promise<void>;
}
