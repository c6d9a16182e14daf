/**
 * A card read by id or quickId, batched across requests (find-contact.ts): each call gets its own
 * card, with its business where it is linked, or null for a key that names no card, whether it
 * ran alone or in a batch with others (and with its own card twice), on both engines.
 */
import { expect, it } from 'vitest';
import { corporateAccounts } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { expectBatchedAsAlone } from '../test/batched-reads.ts';
import { buildBusiness, buildLinkedCard } from '../test/directories-support.ts';
import { buildCard } from '../test/factories.ts';
import { findContact, type FoundContact } from './find-contact.ts';

/** A read's answer as `lastName business` (or `none`), enough to tell every card of the test apart. */
const shown = (found: FoundContact | null) => (found ? `${found.row.lastName} ${found.business?.name ?? '-'}` : 'none');

describeEachDatabase('a card read, batched', (ctx) => {
  it('answers each key its own card, by id or quickId, alone or batched; a key that names no card, null', async () => {
    const business = await buildBusiness(ctx.app, { name: 'Zeta Works' });
    // A second business on the same profile: the linked card is still one answer, not two.
    await ctx.app.db.insert(corporateAccounts).values({ name: 'Zeta Works (old)', corporateProfileId: business.corporateProfileId });
    const linked = await buildLinkedCard(ctx.app, business.corporateProfileId, { lastName: 'Linked' });
    const [ana, ben] = [await buildCard(ctx.app, { lastName: 'Ana' }), await buildCard(ctx.app, { lastName: 'Ben' })];

    const asked: [string, string][] = [
      [ana.id, 'Ana -'],
      [ben.quickId, 'Ben -'],
      [linked.quickId.toUpperCase(), 'Linked Zeta Works'],
      ['00000000-0000-4000-8000-000000000000', 'none'],
      [ana.quickId, 'Ana -'],
      [linked.id.toUpperCase(), 'Linked Zeta Works'],
      ['zzzzzzz', 'none'],
      [ben.id, 'Ben -'],
    ];
    const answers = await expectBatchedAsAlone(
      asked.map(
        ([key]) =>
          () =>
            findContact(ctx.app.db, key),
      ),
    );
    expect(answers.map(shown)).toEqual(asked.map(([, expected]) => expected));
  });
});
