import type { Db } from '../platform/db/client.ts';

/** What a corporate write that changes cards needs: the database and the cards' change notices (`app.cards`). */
export interface TCardLinkDeps {
  db: Db;
  /** `app.cards.changed`: one card changed. */
  cardChanged(contactId: string): Promise<void>;
  /** `app.cards.linkedChanged`: every card linked to the corporate profile shows the change (its template). */
  linkedChanged(corporateProfileId: string): Promise<void>;
}
