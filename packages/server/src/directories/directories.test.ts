import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DIRECTORY_LIMITS, makeQuickId, type TDirectories, type TDirectory, type TDirectorySummary } from '@vbc/shared';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { corporateAccounts, corporateFollowers, directoryFolderCards, virtualContacts } from '../platform/db/schema/index.ts';
import { buildBusiness, buildFollower, buildLinkedCard } from '../test/directories-support.ts';

type Headers = Record<string, string>;

/** One request through the real app. */
const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

describeEachDatabase('directories', (ctx) => {
  const list = async (h: Headers, query = '') => {
    const res = await call(ctx.app, 'GET', `/api/directories${query}`, h);
    expect(res.statusCode).toBe(200);
    return (res.json() as TDirectories).directories;
  };
  const createFolder = async (h: Headers, name: string) => {
    const res = await call(ctx.app, 'POST', '/api/directories', h, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TDirectorySummary;
  };
  const open = (dirId: string, h: Headers = {}) => call(ctx.app, 'GET', `/api/directories/${dirId}`, h);

  it('a new account has its "Saved" folder; folders follow the businesses it belongs to or follows, "Saved" first', async () => {
    const me = await buildAccount(ctx.app);
    const fresh = await list(me.headers);
    expect(fresh).toEqual([
      expect.objectContaining({ kind: 'folder', name: 'Saved', isSaved: true, cardCount: 0, relation: 'owner', corporateProfileId: null }),
    ]);
    expect(await list(me.headers)).toEqual(fresh);

    const zeta = await buildBusiness(ctx.app, { name: 'Zeta Works', memberEmails: [me.account.email!] });
    const alpha = await buildBusiness(ctx.app, { name: 'alpha labs' });
    await ctx.app.db.insert(corporateFollowers).values({ corporateAccountId: alpha.corporateAccountId, accountId: me.account.id });
    await buildBusiness(ctx.app, { name: 'Unrelated Co' });
    await buildLinkedCard(ctx.app, zeta.corporateProfileId);
    await buildLinkedCard(ctx.app, zeta.corporateProfileId);
    await createFolder(me.headers, 'Clients');
    await createFolder(me.headers, 'Agencies');

    const all = await list(me.headers);
    expect(all.map((d) => [d.kind, d.name, d.relation])).toEqual([
      ['business', 'alpha labs', 'follower'],
      ['business', 'Zeta Works', 'member'],
      ['folder', 'Saved', 'owner'],
      ['folder', 'Agencies', 'owner'],
      ['folder', 'Clients', 'owner'],
    ]);
    expect(all[1]).toMatchObject({
      dirId: zeta.corporateAccountId,
      corporateProfileId: zeta.corporateProfileId,
      cardCount: 2,
      isPublic: false,
    });
  });

  it('saves cards to a folder (by id or quickId, twice is once), lists them newest first, and takes them out', async () => {
    const me = await buildAccount(ctx.app);
    const saved = (await list(me.headers))[0]!;
    const [a, b] = [await buildCard(ctx.app, { firstName: 'Alma' }), await buildCard(ctx.app, { firstName: 'Bea' })];
    for (const id of [a.id, b.quickId.toUpperCase(), b.id]) {
      const res = await call(ctx.app, 'PUT', `/api/directories/${saved.dirId}/cards/${id}`, me.headers);
      expect(res.statusCode, res.body).toBe(204);
    }
    const opened = await open(saved.dirId, me.headers);
    expect(opened.statusCode).toBe(200);
    const dir = opened.json() as TDirectory;
    expect(dir).toMatchObject({ dirId: saved.dirId, kind: 'folder', name: 'Saved', cardCount: 2, relation: 'owner' });
    expect(dir.cards.map((c) => c.id)).toEqual([b.id, a.id]);
    expect(dir.cards[1]).toMatchObject({ quickId: a.quickId, firstName: 'Alma', jobTitle: 'Engineer', organization: 'Tom & Jerry, Inc.' });

    const withCard = await list(me.headers, `?contactId=${a.quickId}`);
    expect(withCard.find((d) => d.dirId === saved.dirId)?.containsCard).toBe(true);
    const other = await createFolder(me.headers, 'Other');
    expect((await list(me.headers, `?contactId=${a.id}`)).find((d) => d.dirId === other.dirId)?.containsCard).toBe(false);
    expect((await list(me.headers)).every((d) => d.containsCard === undefined)).toBe(true);

    expect((await call(ctx.app, 'DELETE', `/api/directories/${saved.dirId}/cards/${a.quickId}`, me.headers)).statusCode).toBe(204);
    const again = await call(ctx.app, 'DELETE', `/api/directories/${saved.dirId}/cards/${a.id}`, me.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('That card is not in the folder "Saved".');
    expect(((await open(saved.dirId, me.headers)).json() as TDirectory).cards.map((c) => c.id)).toEqual([b.id]);
  });

  it('creates, renames and deletes folders; "Saved" stays; names are unique ignoring case', async () => {
    const me = await buildAccount(ctx.app);
    const folder = await createFolder(me.headers, '  Suppliers  ');
    expect(folder).toMatchObject({ kind: 'folder', name: 'Suppliers', isSaved: false, cardCount: 0 });

    const dup = await call(ctx.app, 'POST', '/api/directories', me.headers, { name: 'SUPPLIERS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'conflict', message: 'You already have a folder named "SUPPLIERS".' });
    expect((await call(ctx.app, 'POST', '/api/directories', me.headers, { name: 'saved' })).statusCode).toBe(409);

    const card = await buildCard(ctx.app);
    await call(ctx.app, 'PUT', `/api/directories/${folder.dirId}/cards/${card.id}`, me.headers);
    const renamed = await call(ctx.app, 'PUT', `/api/directories/${folder.dirId}`, me.headers, { name: 'Vendors' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ dirId: folder.dirId, name: 'Vendors', cardCount: 1 });
    await createFolder(me.headers, 'Partners');
    const clash = await call(ctx.app, 'PUT', `/api/directories/${folder.dirId}`, me.headers, { name: 'partners' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('You already have a folder named "partners".');

    const saved = (await list(me.headers)).find((d) => d.isSaved)!;
    const renameSaved = await call(ctx.app, 'PUT', `/api/directories/${saved.dirId}`, me.headers, { name: 'Keep' });
    expect(renameSaved.statusCode).toBe(400);
    expect(renameSaved.json().message).toBe('The Saved folder cannot be renamed.');
    const deleteSaved = await call(ctx.app, 'DELETE', `/api/directories/${saved.dirId}`, me.headers);
    expect(deleteSaved.statusCode).toBe(400);
    expect(deleteSaved.json().message).toBe('The Saved folder cannot be deleted.');

    expect((await call(ctx.app, 'DELETE', `/api/directories/${folder.dirId}`, me.headers)).statusCode).toBe(204);
    expect((await open(folder.dirId, me.headers)).statusCode).toBe(404);
    expect((await list(me.headers)).map((d) => d.name)).toEqual(['Saved', 'Partners']);
    // The card itself stays.
    expect((await call(ctx.app, 'GET', `/api/vbc/virtualcontact/${card.id}`)).statusCode).toBe(200);
  });

  it('refuses bad input with a 400 naming the problem', async () => {
    const me = await buildAccount(ctx.app);
    const saved = (await list(me.headers))[0]!;
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/directories', { name: '   ' }, 'name: Required.'],
      ['POST', '/api/directories', {}, 'name: Required.'],
      [
        'POST',
        '/api/directories',
        { name: 'x'.repeat(DIRECTORY_LIMITS.folderNameMaxLength + 1) },
        `name: Max ${DIRECTORY_LIMITS.folderNameMaxLength} characters`,
      ],
      ['PUT', `/api/directories/${saved.dirId}`, { name: 42 }, 'name: Required.'],
      ['PUT', '/api/directories/not-a-dir', { name: 'A' }, 'dirId: must be a directory id'],
      ['DELETE', '/api/directories/not-a-dir', undefined, 'dirId: must be a directory id'],
      ['GET', '/api/directories/123', undefined, 'dirId: must be a directory id'],
      ['PUT', `/api/directories/not-a-dir/cards/abc`, undefined, 'dirId: must be a directory id'],
      ['GET', `/api/directories?contactId=${'x'.repeat(101)}`, undefined, 'contactId:'],
    ];
    for (const [method, url, body, message] of cases) {
      const res = await call(ctx.app, method as 'POST', url, me.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().message, `${method} ${url}`).toContain(message);
    }
    const unknownCard = await call(ctx.app, 'PUT', `/api/directories/${saved.dirId}/cards/${randomUUID()}`, me.headers);
    expect(unknownCard.statusCode).toBe(404);
    expect(unknownCard.json().message).toBe('The card was not found.');
    expect((await call(ctx.app, 'PUT', `/api/directories/${saved.dirId}/cards/not%20a%20card`, me.headers)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/directories?contactId=${randomUUID()}`, me.headers)).statusCode).toBe(404);
  });

  it('needs a signed-in account for the list and every folder write', async () => {
    const me = await buildAccount(ctx.app);
    const saved = (await list(me.headers))[0]!;
    const card = await buildCard(ctx.app);
    const writes: [string, string, unknown][] = [
      ['GET', '/api/directories', undefined],
      ['POST', '/api/directories', { name: 'A' }],
      ['PUT', `/api/directories/${saved.dirId}`, { name: 'A' }],
      ['DELETE', `/api/directories/${saved.dirId}`, undefined],
      ['PUT', `/api/directories/${saved.dirId}/cards/${card.id}`, undefined],
      ['DELETE', `/api/directories/${saved.dirId}/cards/${card.id}`, undefined],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(ctx.app, method as 'POST', url, {}, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("another account's folder is a 404 to read and to every write, signed out too", async () => {
    const owner = await buildAccount(ctx.app);
    const stranger = await buildAccount(ctx.app);
    const folder = await createFolder(owner.headers, 'Private');
    const card = await buildCard(ctx.app);
    await call(ctx.app, 'PUT', `/api/directories/${folder.dirId}/cards/${card.id}`, owner.headers);
    const attempts: [string, string, unknown][] = [
      ['GET', `/api/directories/${folder.dirId}`, undefined],
      ['PUT', `/api/directories/${folder.dirId}`, { name: 'Mine now' }],
      ['DELETE', `/api/directories/${folder.dirId}`, undefined],
      ['PUT', `/api/directories/${folder.dirId}/cards/${card.id}`, undefined],
      ['DELETE', `/api/directories/${folder.dirId}/cards/${card.id}`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(ctx.app, method as 'POST', url, stranger.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await open(folder.dirId)).statusCode).toBe(404);
    expect((await open(randomUUID(), owner.headers)).json()).toEqual({ code: 'not_found', message: 'The directory was not found.' });
    // Untouched.
    expect((await open(folder.dirId, owner.headers)).json()).toMatchObject({ name: 'Private', cardCount: 1 });
    // A business's directory is not a folder: no folder writes on it.
    const business = await buildBusiness(ctx.app, { memberEmails: [owner.account.email!] });
    const rename = await call(ctx.app, 'PUT', `/api/directories/${business.corporateAccountId}`, owner.headers, { name: 'X' });
    expect(rename.statusCode).toBe(404);
    expect(rename.json().message).toBe('The folder was not found.');
  });

  it("a business's directory opens for its members and followers, for anyone only when public, else 404", async () => {
    const member = await buildAccount(ctx.app);
    const stranger = await buildAccount(ctx.app);
    const business = await buildBusiness(ctx.app, { name: 'Orbit', memberEmails: [member.account.email!] });
    const follower = await buildFollower(ctx.app, business.corporateAccountId);
    await buildLinkedCard(ctx.app, business.corporateProfileId, { firstName: 'Zoe' });
    await buildLinkedCard(ctx.app, business.corporateProfileId, { firstName: 'Ben' });
    await buildCard(ctx.app, { firstName: 'Notlinked' });

    const asMember = (await open(business.corporateAccountId, member.headers)).json() as TDirectory;
    expect(asMember).toMatchObject({
      kind: 'business',
      name: 'Orbit',
      relation: 'member',
      isPublic: false,
      cardCount: 2,
      corporateProfileId: business.corporateProfileId,
    });
    expect(asMember.cards.map((c) => c.firstName)).toEqual(['Ben', 'Zoe']);
    expect(asMember.cards.every((c) => c.isCorporateProfile)).toBe(true);
    expect((await open(business.corporateAccountId.toUpperCase(), follower.headers)).json()).toMatchObject({
      relation: 'follower',
      cardCount: 2,
    });
    expect((await open(business.corporateAccountId, stranger.headers)).statusCode).toBe(404);
    expect((await open(business.corporateAccountId)).statusCode).toBe(404);
    // Read once, a business is read again without the folder lookup; once it is gone, a 404 as before.
    const gone = await buildBusiness(ctx.app, { name: 'Gone', memberEmails: [member.account.email!] });
    expect((await open(gone.corporateAccountId, member.headers)).statusCode).toBe(200);
    expect((await open(gone.corporateAccountId, stranger.headers)).statusCode).toBe(404);
    await ctx.app.db.delete(corporateAccounts).where(eq(corporateAccounts.id, gone.corporateAccountId));
    expect((await open(gone.corporateAccountId, member.headers)).statusCode).toBe(404);

    const team = await buildBusiness(ctx.app, { name: 'Open Team', isPublic: true });
    await buildLinkedCard(ctx.app, team.corporateProfileId, { firstName: 'Pia' });
    for (const h of [{}, stranger.headers]) {
      const res = await open(team.corporateAccountId, h);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        kind: 'business',
        name: 'Open Team',
        relation: 'visitor',
        isPublic: true,
        cards: [expect.objectContaining({ firstName: 'Pia' })],
      });
    }
    // Visiting a public directory does not add it to one's list.
    expect((await list(stranger.headers)).map((d) => d.kind)).toEqual(['folder']);
  });

  it('pages a directory by ?limit= and ?cursor= (a business by name, a folder newest saved first), filters by ?q=, and refuses a bad page', async () => {
    const member = await buildAccount(ctx.app);
    const business = await buildBusiness(ctx.app, { name: 'Paged', memberEmails: [member.account.email!] });
    // Namesakes too: the order goes on to the last name and the id.
    const names = ['Ana Cruz', 'Ana Cruz', 'Ana Reyes', 'Ben Tan', 'Carla Lim', 'Dan Ong', 'Eva Sy'];
    for (const [i, name] of names.entries()) {
      const [firstName, lastName] = name.split(' ');
      await buildLinkedCard(ctx.app, business.corporateProfileId, { firstName, lastName, jobTitle: i % 2 ? 'Sales Lead' : 'Engineer' });
    }
    const pageOf = async (query: string, h: Headers = member.headers) => {
      const res = await open(`${business.corporateAccountId}${query}`, h);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TDirectory;
    };
    const seen: string[] = [];
    let page = await pageOf('?limit=3');
    const pages = [page.cards.length];
    seen.push(...page.cards.map((c) => c.virtualContactId));
    while (page.nextCursor) {
      expect(page.cardCount).toBe(7);
      page = await pageOf(`?limit=3&cursor=${page.nextCursor}`);
      pages.push(page.cards.length);
      seen.push(...page.cards.map((c) => c.virtualContactId));
    }
    expect(pages).toEqual([3, 3, 1]);
    expect(new Set(seen).size).toBe(7);
    const all = await pageOf('');
    expect(all.nextCursor).toBeNull();
    expect(all.cards.map((c) => c.virtualContactId)).toEqual(seen);
    expect(all.cards.map((c) => `${c.firstName} ${c.lastName}`)).toEqual(names);

    // The filter: every word, in the name, job title or organization, ignoring case; the count stays the directory's.
    const sales = await pageOf('?q=SALES%20ana');
    expect(sales.cards.map((c) => c.name)).toEqual(['Ana Cruz']);
    expect(sales.cardCount).toBe(7);
    const engineers = await pageOf('?q=engineer&limit=2');
    const more = await pageOf(`?q=engineer&limit=2&cursor=${engineers.nextCursor}`);
    expect([...engineers.cards, ...more.cards].map((c) => c.name)).toEqual(['Ana Cruz', 'Ana Reyes', 'Carla Lim', 'Eva Sy']);
    expect(more.nextCursor).toBeNull();
    expect((await pageOf('?q=nobody')).cards).toEqual([]);

    // A folder: newest saved first, a page at a time.
    const folder = await createFolder(member.headers, 'Paged folder');
    const saved = all.cards.slice(0, 4);
    for (const card of saved)
      expect(
        (await call(ctx.app, 'PUT', `/api/directories/${folder.dirId}/cards/${card.virtualContactId}`, member.headers)).statusCode,
      ).toBe(204);
    const first = (await open(`${folder.dirId}?limit=2`, member.headers)).json() as TDirectory;
    const second = (await open(`${folder.dirId}?limit=2&cursor=${first.nextCursor}`, member.headers)).json() as TDirectory;
    expect([...first.cards, ...second.cards].map((c) => c.virtualContactId)).toEqual(saved.map((c) => c.virtualContactId).reverse());
    expect(second.nextCursor).toBeNull();
    expect(first.cardCount).toBe(4);

    for (const [query, message] of [
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=many', 'limit'],
      ['?cursor=nonsense', 'cursor: Not a cursor of this directory.'],
      [`?cursor=${first.nextCursor}`, 'cursor: Not a cursor of this directory.'],
    ]) {
      const res = await open(`${business.corporateAccountId}${query}`, member.headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });

  it(`holds at most ${DIRECTORY_LIMITS.foldersPerAccount} folders besides "Saved", and ${DIRECTORY_LIMITS.cardsPerFolder} cards per folder`, async () => {
    const me = await buildAccount(ctx.app);
    for (let i = 0; i < DIRECTORY_LIMITS.foldersPerAccount; i++) await createFolder(me.headers, `F${i}`);
    const over = await call(ctx.app, 'POST', '/api/directories', me.headers, { name: 'One more' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`You have reached the limit of ${DIRECTORY_LIMITS.foldersPerAccount} folders: delete one first.`);

    const folder = (await list(me.headers)).find((d) => d.name === 'F0')!;
    const extra = await buildCard(ctx.app);
    const rows = Array.from({ length: DIRECTORY_LIMITS.cardsPerFolder }, () => ({
      quickId: makeQuickId((n) => crypto.getRandomValues(new Uint8Array(n))),
      firstName: 'Bulk',
      designSpecification: extra.designSpecification,
    }));
    const cards = await ctx.app.db.insert(virtualContacts).values(rows).returning({ id: virtualContacts.id });
    await ctx.app.db.insert(directoryFolderCards).values(cards.map((c) => ({ folderId: folder.dirId, contactId: c.id })));
    const full = await call(ctx.app, 'PUT', `/api/directories/${folder.dirId}/cards/${extra.id}`, me.headers);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(`The folder "F0" is full: it holds at most ${DIRECTORY_LIMITS.cardsPerFolder} cards.`);
    // A card already in it may be saved again.
    expect((await call(ctx.app, 'PUT', `/api/directories/${folder.dirId}/cards/${cards[0]!.id}`, me.headers)).statusCode).toBe(204);
  });
});
