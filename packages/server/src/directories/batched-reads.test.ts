/**
 * The directories list and a business directory's page, batched across requests
 * (platform/db/batched-statement.ts): each account gets its own businesses and folders, with their
 * card counts and (asked with a card) whether each holds it; each viewer its own page of a
 * business, or its 404; whether the call ran alone or in a batch with others' (and with its own
 * twice), on both engines.
 */
import { expect, it } from 'vitest';
import type { TDirectories, TDirectory } from '@vbc/shared';
import { corporateFollowers } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { expectBatchedAsAlone } from '../test/batched-reads.ts';
import { buildBusiness, buildLinkedCard } from '../test/directories-support.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { addCardToFolder } from './folder-cards.ts';
import { findDirectory } from './find-directory.ts';
import { listDirectories } from './list-directories.ts';
import { createFolder } from './manage-folders.ts';

/** A list as `kind name relation cardCount`, and `holds`/`lacks` when it was asked with a card. */
const shown = ({ directories }: TDirectories) =>
  directories.map(
    (d) => `${d.kind} ${d.name} ${d.relation} ${d.cardCount}${d.containsCard === undefined ? '' : d.containsCard ? ' holds' : ' lacks'}`,
  );

describeEachDatabase('the directories list, batched', (ctx) => {
  it('answers each account its own businesses and folders, alone or batched, with and without a card', async () => {
    const [ana, ben, cem, dia] = [
      await buildAccount(ctx.app),
      await buildAccount(ctx.app),
      await buildAccount(ctx.app),
      await buildAccount(ctx.app),
    ];
    // Ana and Ben belong to Zeta Works; Ana and Cem follow alpha labs; Dia reaches none.
    const zeta = await buildBusiness(ctx.app, { name: 'Zeta Works', memberEmails: [ana.account.email!, ben.account.email!] });
    const alpha = await buildBusiness(ctx.app, { name: 'alpha labs' });
    await buildBusiness(ctx.app, { name: 'Unrelated Co' });
    await ctx.app.db
      .insert(corporateFollowers)
      .values([ana, cem].map((who) => ({ corporateAccountId: alpha.corporateAccountId, accountId: who.account.id })));
    // Zeta's card is in Ana's Clients (with another) and Ben's Leads. Dia has no folder yet: her first list makes "Saved".
    const card = await buildLinkedCard(ctx.app, zeta.corporateProfileId);
    const other = await buildCard(ctx.app);
    const clients = await createFolder(ctx.app.db, ana.account.id, 'Clients');
    for (const name of ['Agencies', 'bakers']) await createFolder(ctx.app.db, ana.account.id, name);
    const leads = await createFolder(ctx.app.db, ben.account.id, 'Leads');
    await createFolder(ctx.app.db, cem.account.id, 'Prospects');
    for (const id of [card.id, other.id]) await addCardToFolder(ctx.app.db, ana.account.id, clients.dirId, id);
    await addCardToFolder(ctx.app.db, ben.account.id, leads.dirId, card.quickId);

    const anaList = [
      'business alpha labs follower 0',
      'business Zeta Works member 1',
      'folder Saved owner 0',
      'folder Agencies owner 0',
      'folder bakers owner 0',
      'folder Clients owner 2',
    ];
    const benList = ['business Zeta Works member 1', 'folder Saved owner 0', 'folder Leads owner 1'];
    const cemList = ['business alpha labs follower 0', 'folder Saved owner 0', 'folder Prospects owner 0'];
    const diaList = ['folder Saved owner 0'];

    const who = [ana, ben, cem, dia, ana, ben, dia, cem].map(({ account }) => account.id);
    const lists = await expectBatchedAsAlone(who.map((id) => () => listDirectories(ctx.app.db, id)));
    expect(lists.map(shown)).toEqual([anaList, benList, cemList, diaList, anaList, benList, diaList, cemList]);

    // With a card (by id or quickId) for some calls: each entry says whether it holds that one. The
    // calls with a card look it up first, so they come first: they then meet the last call without
    // one in the same batch.
    const withCard = (list: string[], holding: string[]) =>
      list.map((entry) => `${entry} ${holding.some((name) => entry.startsWith(name)) ? 'holds' : 'lacks'}`);
    const asked: [string, string | undefined][] = [
      [ana.account.id, card.id],
      [ben.account.id, card.quickId],
      [dia.account.id, card.id],
      [ana.account.id, card.id],
      [ana.account.id, undefined],
      [cem.account.id, undefined],
      [ben.account.id, undefined],
      [dia.account.id, undefined],
      [cem.account.id, undefined],
    ];
    const carded = await expectBatchedAsAlone(
      asked.map(
        ([id, contactId]) =>
          () =>
            listDirectories(ctx.app.db, id, contactId),
      ),
    );
    const anaCarded = withCard(anaList, ['business Zeta Works', 'folder Clients']);
    const benCarded = withCard(benList, ['business Zeta Works', 'folder Leads']);
    expect(carded.map(shown)).toEqual([
      anaCarded,
      benCarded,
      withCard(diaList, []),
      anaCarded,
      anaList,
      cemList,
      benList,
      diaList,
      cemList,
    ]);
  });

  it("answers each viewer a business directory's page (first or after a cursor) as alone, or the 404 of a closed one", async () => {
    const [member, follower, outsider] = [await buildAccount(ctx.app), await buildAccount(ctx.app), await buildAccount(ctx.app)];
    const open = await buildBusiness(ctx.app, { name: 'Open Co', memberEmails: [member.account.email!], isPublic: true });
    const closed = await buildBusiness(ctx.app, { name: 'Closed Co', memberEmails: [member.account.email!] });
    await ctx.app.db.insert(corporateFollowers).values({ corporateAccountId: closed.corporateAccountId, accountId: follower.account.id });
    for (const [business, names] of [
      [open, ['Ada', 'Bea', 'Cy']],
      [closed, ['Dov', 'Eli']],
    ] as const)
      for (const firstName of names) await buildLinkedCard(ctx.app, business.corporateProfileId, { firstName });
    /** A business's page as `name relation first names cursor`, or the error's message. */
    const read = (dirId: string, accountId: string | null, limit: number, cursor?: string) =>
      findDirectory(ctx.app.db, dirId, accountId, { limit, cursor }).then((answer) => JSON.parse(answer as string) as TDirectory);
    const page = (dirId: string, accountId: string | null, limit: number, cursor?: string) =>
      read(dirId, accountId, limit, cursor).then(
        ({ name, relation, cards, nextCursor }) => `${name} ${relation} ${cards.map((c) => c.firstName).join(',')} ${nextCursor ?? '-'}`,
        (error: Error) => error.message,
      );
    // The cursors of the open directory's pages of one and two cards, to ask for the pages after them.
    const afterAda = (await read(open.corporateAccountId, null, 1)).nextCursor!;
    const afterBea = (await read(open.corporateAccountId, null, 2)).nextCursor!;

    // In an order where the batch of first pages (all but the first, run alone) reads differently backwards.
    const asked: [string, string | null, number, string?][] = [
      [open.corporateAccountId, member.account.id, 50],
      [closed.corporateAccountId, follower.account.id, 50],
      [open.corporateAccountId, null, 2],
      [open.corporateAccountId, outsider.account.id, 1, afterAda],
      [open.corporateAccountId, null, 2],
      [closed.corporateAccountId, outsider.account.id, 50],
      [open.corporateAccountId, member.account.id, 50, afterBea],
      [closed.corporateAccountId, null, 50],
    ];
    const pages = await expectBatchedAsAlone(
      asked.map(
        ([dirId, accountId, limit, cursor]) =>
          () =>
            page(dirId, accountId, limit, cursor),
      ),
    );
    expect(pages.map((p) => p.replace(/ [\w-]{20,}$/, ' <cursor>'))).toEqual([
      'Open Co member Ada,Bea,Cy -',
      'Closed Co follower Dov,Eli -',
      'Open Co visitor Ada,Bea <cursor>',
      'Open Co visitor Bea <cursor>',
      'Open Co visitor Ada,Bea <cursor>',
      'The directory was not found.',
      'Open Co member Cy -',
      'The directory was not found.',
    ]);
  });
});
