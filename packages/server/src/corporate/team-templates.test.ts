import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { ADMIN_TOKEN, buildStaffedBusiness, uploadPicture } from '../test/announcements-support.ts';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describeEachDatabase(
  'teams: brand templates, business-owned cards, offboarding',
  (ctx) => {
    const call = (method: Method, url: string, headers: Headers = {}, payload?: unknown) =>
      ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    const publicCard = async (id: string) => {
      const res = await call('GET', `/api/vbc/virtualcontact/${id}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    /** Signed out 401, malformed business id 400, outsider and unknown business 404, each of `denied` 403. */
    async function expectGuarded(
      method: Method,
      path: (id: string) => string,
      allowed: Headers,
      denied: Headers[],
      corporateAccountId: string,
      payload?: unknown,
    ) {
      const outsider = await buildAccount(ctx.app);
      expect((await call(method, path(corporateAccountId), {}, payload)).statusCode).toBe(401);
      const malformed = await call(method, path('acme'), allowed, payload);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/corporateAccountId/);
      expect((await call(method, path(corporateAccountId), outsider.headers, payload)).statusCode).toBe(404);
      expect((await call(method, path(randomUUID()), allowed, payload)).statusCode).toBe(404);
      for (const headers of denied) {
        const res = await call(method, path(corporateAccountId), headers, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toMatch(/role/);
      }
    }

    const template = {
      designSpecification: { design: { designation: 'simple' }, theme: { designation: 'light' }, accentColor1: '#112233' },
      organization: 'Acme Harbours',
      about: '## About Acme\nWe build harbours.',
      links: [{ linkUrl: 'https://acme.test', linkName: 'Acme' }],
      locations: [{ title: 'Head office', city: 'Cebu' }],
      socialMedias: [{ socialMediaType: 'LinkedIn', accountId: 'acme' }],
      locked: ['organization', 'designSpecification', 'about'],
    };

    /** A business with a member whose own card is linked to it. */
    async function linkedBusiness() {
      const biz = await buildStaffedBusiness(ctx.app);
      const card = await buildCard(ctx.app, { organization: 'My own org', links: [] }, { ownerAccountId: biz.member.account.id });
      const linked = await call('POST', `/api/corporate/${biz.corporateAccountId}/cards/${card.id}`, biz.member.headers);
      expect(linked.statusCode).toBe(204);
      return { biz, card };
    }

    it('GET/PUT template: members read, admins write; every refusal; bad input is a 400 naming the field', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const path = (id: string) => `/api/corporate/${id}/template`;
      const empty = await call('GET', path(biz.corporateAccountId), biz.member.headers);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toMatchObject({ business: 'Acme', organization: null, links: [], locked: [], updatedAt: null });
      await expectGuarded('GET', path, biz.owner.headers, [], biz.corporateAccountId);
      await expectGuarded('PUT', path, biz.owner.headers, [biz.editor.headers, biz.member.headers], biz.corporateAccountId, template);

      const logo = await uploadPicture(ctx.app, biz.owner.headers);
      const saved = await call('PUT', path(biz.corporateAccountId), biz.owner.headers, {
        ...template,
        logoDisplayItemId: logo.obsecuredDisplayItemId,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ organization: 'Acme Harbours', logoDisplayItemId: logo.displayItemId, locked: template.locked });
      expect((await call('GET', path(biz.corporateAccountId), biz.member.headers)).json()).toMatchObject({ organization: 'Acme Harbours' });

      for (const [body, field] of [
        [{ ...template, locked: ['firstName'] }, 'locked'],
        [{ ...template, organization: 'x'.repeat(151) }, 'organization'],
        [{ ...template, links: [{ linkName: 'no url' }] }, 'links'],
        [{ ...template, colour: 'red' }, 'colour'],
      ] as const) {
        const res = await call('PUT', path(biz.corporateAccountId), biz.owner.headers, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toMatch(field);
      }
      const notMine = await uploadPicture(ctx.app, biz.member.headers);
      const foreign = await call('PUT', path(biz.corporateAccountId), biz.owner.headers, {
        ...template,
        heroImageDisplayItemId: notMine.displayItemId,
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toMatch(/heroImageDisplayItemId/);
    });

    it('a linked card shows the template at every read (API, vCard) and follows a change at once; unlinking gives the own values back', async () => {
      const { biz, card } = await linkedBusiness();
      expect((await publicCard(card.quickId)).organization).toBe('My own org'); // cached now
      const put = await call('PUT', `/api/corporate/${biz.corporateAccountId}/template`, biz.owner.headers, template);
      expect(put.statusCode).toBe(200);

      const shown = await publicCard(card.quickId);
      expect(shown).toMatchObject({
        organization: 'Acme Harbours',
        designSpecification: { design: { designation: 'simple' }, accentColor1: '#112233' },
        links: [{ linkUrl: 'https://acme.test' }], // suggested: the member had none
        socialMedias: [{ accountId: 'ana' }], // suggested: the member's own stays
      });
      expect(shown.markdownDescriptions).toEqual(['## About Acme\nWe build harbours.', '**bold** text']);
      const vcard = await call('GET', `/ds/vbc/download/i/${card.id}`);
      expect(vcard.body).toMatch(/ORG:Acme Harbours/);

      const changed = await call('PUT', `/api/corporate/${biz.corporateAccountId}/template`, biz.owner.headers, {
        ...template,
        organization: 'Acme Ports',
      });
      expect(changed.statusCode).toBe(200);
      expect((await publicCard(card.quickId)).organization).toBe('Acme Ports');
      expect((await publicCard(card.id)).organization).toBe('Acme Ports');

      const unlinked = await call('DELETE', `/api/corporate/${biz.corporateAccountId}/cards/${card.id}`, biz.member.headers);
      expect(unlinked.statusCode).toBe(204);
      const own = await publicCard(card.quickId);
      expect(own).toMatchObject({ organization: 'My own org', links: [], markdownDescriptions: ['**bold** text'] });
      expect(own.designSpecification).toMatchObject({ theme: { designation: 'dark' }, accentColor1: null });
    });

    it("the server enforces the lock: a member's PUT of a locked field is 403 naming the field and the business; the editor learns what is locked", async () => {
      const { biz, card } = await linkedBusiness();
      await call('PUT', `/api/corporate/${biz.corporateAccountId}/template`, biz.owner.headers, template);
      const edit = await call('GET', `/api/vbc/virtualcontact/${card.id}/edit`, biz.member.headers);
      expect(edit.statusCode).toBe(200);
      expect(edit.json()).toMatchObject({
        organization: 'Acme Harbours',
        markdownDescriptions: ['**bold** text'],
        template: { corporateAccountId: biz.corporateAccountId, business: 'Acme', locked: template.locked },
      });

      const refused = await call('PUT', `/api/vbc/virtualcontact/${card.id}`, biz.member.headers, { organization: 'Rogue Inc' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('organization is set by Acme');
      const design = await call('PUT', `/api/vbc/virtualcontact/${card.id}`, biz.member.headers, {
        designSpecification: { design: { designation: 'default' }, theme: { designation: 'dark' } },
      });
      expect(design.statusCode).toBe(403);
      expect(design.json().message).toBe('designSpecification is set by Acme');

      const allowed = await call('PUT', `/api/vbc/virtualcontact/${card.id}`, biz.member.headers, {
        jobTitle: 'Harbour master',
        links: [],
      });
      expect(allowed.statusCode).toBe(200);
      expect((await publicCard(card.id)).jobTitle).toBe('Harbour master');
      expect((await publicCard(card.id)).organization).toBe('Acme Harbours');
    });

    it('business-owned cards: create (optionally assigned), list, assign, reassign, take back; every refusal', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const cards = (id: string) => `/api/corporate/${id}/cards`;
      const body = { firstName: 'Front', lastName: 'Desk', jobTitle: 'Reception', emails: [{ email: 'desk@acme.test' }] };
      await expectGuarded('POST', cards, biz.owner.headers, [biz.editor.headers, biz.member.headers], biz.corporateAccountId, body);
      await expectGuarded('GET', cards, biz.owner.headers, [biz.editor.headers, biz.member.headers], biz.corporateAccountId);

      const created = await call('POST', cards(biz.corporateAccountId), biz.owner.headers, {
        ...body,
        assigneeAccountId: biz.member.account.id,
      });
      expect(created.statusCode).toBe(201);
      const card = created.json();
      expect(card).toMatchObject({
        name: 'Front Desk',
        ownerCorporateAccountId: biz.corporateAccountId,
        assigneeAccountId: biz.member.account.id,
        assigneeName: biz.member.account.name,
        formerHolderName: null,
      });
      const shown = await publicCard(card.quickId);
      expect(shown).toMatchObject({ ownerCorporateAccountId: biz.corporateAccountId, isCorporateProfile: true, hasPersonalAccount: true });
      // The assignee edits it as its owner.
      const edited = await call('PUT', `/api/vbc/virtualcontact/${card.virtualContactId}`, biz.member.headers, {
        jobTitle: 'Front of house',
      });
      expect(edited.statusCode).toBe(200);

      const refusals: [unknown, string][] = [
        [{ ...body, assigneeAccountId: (await buildAccount(ctx.app)).account.id }, 'assigneeAccountId'],
        [{ ...body, assigneeAccountId: 'bob' }, 'assigneeAccountId'],
        [{ ...body, firstName: 'x'.repeat(101) }, 'firstName'],
        [{ ...body, ownerAccountId: biz.member.account.id }, 'ownerAccountId'],
      ];
      for (const [payload, field] of refusals) {
        const res = await call('POST', cards(biz.corporateAccountId), biz.owner.headers, payload);
        expect(res.statusCode, field).toBe(400);
        expect(res.json().message).toMatch(field);
      }

      const assignee = (id: string, cardId = card.virtualContactId) => `/api/corporate/${id}/cards/${cardId}/assignee`;
      await expectGuarded('PUT', assignee, biz.owner.headers, [biz.editor.headers, biz.member.headers], biz.corporateAccountId, {
        accountId: null,
      });
      const reassigned = await call('PUT', assignee(biz.corporateAccountId), biz.owner.headers, { accountId: biz.editor.account.id });
      expect(reassigned.statusCode).toBe(200);
      expect(reassigned.json()).toMatchObject({ assigneeAccountId: biz.editor.account.id });
      const formerEdit = await call('PUT', `/api/vbc/virtualcontact/${card.virtualContactId}`, biz.member.headers, { jobTitle: 'x' });
      expect(formerEdit.statusCode).toBe(403);
      const back = await call('PUT', assignee(biz.corporateAccountId), biz.owner.headers, { accountId: null });
      expect(back.json()).toMatchObject({ assigneeAccountId: null, assigneeName: null });
      expect((await publicCard(card.quickId)).hasPersonalAccount).toBe(false);

      for (const [payload, field] of [
        [{}, 'accountId'],
        [{ accountId: 'bob' }, 'accountId'],
        [{ accountId: (await buildAccount(ctx.app)).account.id }, 'accountId'],
      ] as const) {
        const res = await call('PUT', assignee(biz.corporateAccountId), biz.owner.headers, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(field);
      }
      const notBusinesss = await buildCard(ctx.app, {}, { ownerAccountId: biz.member.account.id });
      const foreign = await call('PUT', assignee(biz.corporateAccountId, notBusinesss.id), biz.owner.headers, { accountId: null });
      expect(foreign.statusCode).toBe(404);
      const listed = await call('GET', cards(biz.corporateAccountId), biz.owner.headers);
      expect(listed.json().map((c: { virtualContactId: string }) => c.virtualContactId)).toEqual([card.virtualContactId]);
    });

    it('removing a member: their business card goes back to the business with the notice and its main contact; their own card is unlinked; they keep their account', async () => {
      const { biz, card: ownCard } = await linkedBusiness();
      await call('PUT', `/api/corporate/${biz.corporateAccountId}/template`, biz.owner.headers, template);
      await call('PUT', `/api/corporate/${biz.corporateAccountId}/profile`, biz.owner.headers, {
        name: 'Acme',
        emails: [{ email: 'hello@acme.test' }],
        phones: [{ phoneNumber: '+63 917 555 0101' }],
      });
      const created = await call('POST', `/api/corporate/${biz.corporateAccountId}/cards`, biz.owner.headers, {
        firstName: 'Sales',
        lastName: 'Lead',
        emails: [{ email: 'personal@example.test' }],
        assigneeAccountId: biz.member.account.id,
      });
      const businessCard = created.json();
      expect((await publicCard(businessCard.quickId)).noLongerWith).toBeUndefined();

      const removed = await call('DELETE', `/api/corporate/${biz.corporateAccountId}/members/${biz.member.account.id}`, biz.owner.headers);
      expect(removed.statusCode).toBe(204);

      const left = await publicCard(businessCard.quickId);
      expect(left).toMatchObject({
        noLongerWith: `${biz.member.account.name} is no longer with Acme.`,
        hasPersonalAccount: false,
        ownerCorporateAccountId: biz.corporateAccountId,
        organization: 'Acme Harbours',
        emails: [{ email: 'hello@acme.test', name: 'Acme' }],
        phones: [{ phoneNumber: '+63 917 555 0101' }],
      });
      expect(await publicCard(ownCard.quickId)).toMatchObject({ organization: 'My own org', isCorporateProfile: false });
      const me = await call('GET', `/api/vbc/virtualcontact/${ownCard.id}/edit`, biz.member.headers);
      expect(me.statusCode).toBe(200);
      expect(me.json().template).toBeUndefined();
      expect(
        (await call('PUT', `/api/vbc/virtualcontact/${businessCard.virtualContactId}`, biz.member.headers, { jobTitle: 'x' })).statusCode,
      ).toBe(403);
      expect((await call('GET', `/api/corporate/${biz.corporateAccountId}/cards`, biz.owner.headers)).json()[0]).toMatchObject({
        formerHolderName: biz.member.account.name,
        assigneeAccountId: null,
      });

      const reassigned = await call(
        'PUT',
        `/api/corporate/${biz.corporateAccountId}/cards/${businessCard.virtualContactId}/assignee`,
        biz.owner.headers,
        {
          accountId: biz.editor.account.id,
        },
      );
      expect(reassigned.json()).toMatchObject({ formerHolderName: null, assigneeAccountId: biz.editor.account.id });
      const again = await publicCard(businessCard.quickId);
      expect(again.noLongerWith).toBeUndefined();
      expect(again.emails).toEqual([{ email: 'personal@example.test', name: null }]);
    });
  },
  { env: { ADMIN_TOKEN } },
);
