/**
 * The account reads every screen makes, batched across requests (platform/db/batched-statement.ts): the
 * account with its cards and pets (myAccount) and the recently viewed cards answer each account its
 * own, whether the call ran alone or in a batch with others' (and with its own account's twice),
 * on both engines.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ZVirtualPetInput, type TRecentCard, type TRecents } from '@vbc/shared';
import { virtualPets } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { expectBatchedAsAlone } from '../test/batched-reads.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { presentAccount } from './present-account.ts';
import { listRecents, mergeRecents } from './recents.ts';

/** The list of recents' JSON text. */
const recentsOf = (json: string): TRecentCard[] => (JSON.parse(json) as TRecents).recents;

describeEachDatabase('account reads, batched', (ctx) => {
  it('answer each account its own cards, pets and recently viewed cards, alone or batched', async () => {
    const account = async (name: string) => (await buildAccount(ctx.app, { name })).account;
    const [ana, ben, cem, dia, eve] = [
      await account('Ana'),
      await account('Ben'),
      await account('Cem'),
      await account('Dia'),
      await account('Eve'),
    ];
    // Ana owns two cards, Ben and Dia one each, Cem and Eve none; a fifth card is no one's.
    const card = async (owner: { id: string } | null, firstName: string) =>
      buildCard(ctx.app, { firstName }, { ownerAccountId: owner?.id ?? null });
    const [ana1, ana2, ben1, dia1, nobody] = [
      await card(ana, 'Ana1'),
      await card(ana, 'Ana2'),
      await card(ben, 'Ben1'),
      await card(dia, 'Dia1'),
      await card(null, 'Nobody'),
    ];
    // Dia has a pet.
    const { name: petName, pictureDisplayItemId, ...details } = ZVirtualPetInput.parse({ name: 'Rex' });
    await ctx.app.db.insert(virtualPets).values({ ownerAccountId: dia.id, name: petName, pictureDisplayItemId, details });
    // Recents in different orders; Eve has none.
    const t = Date.UTC(2026, 5, 1);
    const recents = { ana: [ben1, dia1, nobody], ben: [ben1, ana1], cem: [nobody, ana2, dia1, ana1], dia: [ana1] };
    for (const [who, cards] of [
      [ana, recents.ana],
      [ben, recents.ben],
      [cem, recents.cem],
      [dia, recents.dia],
    ] as const) {
      const merged = await mergeRecents(
        ctx.app.db,
        who.id,
        cards.map((c, i) => ({ id: c.id, time: t - i * 1000 })),
        new Date(t),
      );
      expect(recentsOf(merged).map((r) => r.id)).toEqual(cards.map((c) => c.id));
    }

    // Batches are the calls after the first four (test/batched-reads.ts): Eve, Cem, Ana and Cem again.
    const asked = [ana, ben, cem, dia, eve, cem, ana, cem].map((who) => who.id);
    const names = (cards: { firstName: string }[]) => cards.map((c) => c.firstName);

    const me = await expectBatchedAsAlone(asked.map((id) => () => presentAccount(ctx.app.db, id)));
    expect(me.map((account) => account.accountId)).toEqual(asked);
    expect(me.map((account) => account.accountName)).toEqual(['Ana', 'Ben', 'Cem', 'Dia', 'Eve', 'Cem', 'Ana', 'Cem']);
    expect(me.map((account) => names(account.virtualContacts))).toEqual([
      ['Ana1', 'Ana2'],
      ['Ben1'],
      [],
      ['Dia1'],
      [],
      [],
      ['Ana1', 'Ana2'],
      [],
    ]);
    expect(me.map((account) => account.virtualPets.map((pet) => pet.name))).toEqual([[], [], [], ['Rex'], [], [], [], []]);

    const lists = (await expectBatchedAsAlone(asked.map((id) => () => listRecents(ctx.app.db, id)))).map(recentsOf);
    const expected = [recents.ana, recents.ben, recents.cem, recents.dia, [], recents.cem, recents.ana, recents.cem];
    expect(lists.map((list) => list.map((r) => r.id))).toEqual(expected.map((cards) => cards.map((c) => c.id)));
    expect(lists.map(names)).toEqual([
      ['Ben1', 'Dia1', 'Nobody'],
      ['Ben1', 'Ana1'],
      ['Nobody', 'Ana2', 'Dia1', 'Ana1'],
      ['Ana1'],
      [],
      ['Nobody', 'Ana2', 'Dia1', 'Ana1'],
      ['Ben1', 'Dia1', 'Nobody'],
      ['Nobody', 'Ana2', 'Dia1', 'Ana1'],
    ]);
    expect(lists[2]!.map((r) => r.time)).toEqual([t, t - 1000, t - 2000, t - 3000]);
  });

  it('a batch with an account that is not there: that call is not found, the others answer', async () => {
    const ana = (await buildAccount(ctx.app, { name: 'Ana' })).account;
    const missing = randomUUID();
    const asked = [ana.id, ana.id, ana.id, ana.id, missing, ana.id, missing, ana.id];
    const answers = await expectBatchedAsAlone(
      asked.map(
        (id) => () =>
          presentAccount(ctx.app.db, id).then(
            (account) => account.accountName,
            (error: Error) => error.message,
          ),
      ),
    );
    expect(answers).toEqual(['Ana', 'Ana', 'Ana', 'Ana', 'The account was not found.', 'Ana', 'The account was not found.', 'Ana']);
  });
});
