import { expect, it } from 'vitest';
import { ZAccountName, ZVirtualContactInput } from '@vbc/shared';
import { ZMessageText } from '@vbc/shared/conversation';
import { describeEachDatabase } from '../../test/app.ts';
import { buildAccount, buildCard } from '../../test/factories.ts';

const NUL = '\u0000';

describeEachDatabase('control characters in text inputs', (ctx) => {
  it('refuses NUL (and other C0 controls) in any text field with a 400 naming the field, never a 500', async () => {
    const ana = await buildAccount(ctx.app);
    const card = await buildCard(ctx.app, {}, { ownerAccountId: ana.account.id });
    const admin = { authorization: `Bearer ${ctx.app.config.ADMIN_TOKEN}` };
    const cases: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; headers?: Record<string, string>; field: string }[] = [
      { method: 'POST', url: '/api/personalaccount/RequestVerifyOtp', payload: { email: `ana${NUL}@example.test` }, field: 'email' },
      {
        method: 'POST',
        url: '/api/personalaccount/RegisterAppAccount',
        payload: { name: `Ana${NUL}Cruz`, email: 'x@example.test', emailVerificationCode: '123456' },
        field: 'name',
      },
      {
        method: 'POST',
        url: '/api/vbc/virtualcontact',
        headers: ana.headers,
        payload: { firstName: `An${NUL}a`, lastName: 'Cruz' },
        field: 'firstName',
      },
      {
        method: 'PUT',
        url: `/api/vbc/virtualcontact/${card.id}`,
        headers: ana.headers,
        payload: {
          phones: [
            { phoneNumber: '0917', type: 'Mobile' },
            { phoneNumber: `09\u001b17`, type: 'Mobile' },
          ],
        },
        field: 'phones.1.phoneNumber',
      },
      { method: 'POST', url: '/api/vp/virtualpet', headers: ana.headers, payload: { name: `Rex${NUL}` }, field: 'name' },
      {
        method: 'POST',
        url: '/api/conversation/initiateConversation',
        headers: (await buildAccount(ctx.app)).headers,
        payload: { toVbcId: card.quickId, message: `hi${NUL}there` },
        field: 'message',
      },
      {
        method: 'POST',
        url: '/api/admin/corporates',
        headers: admin,
        payload: { name: `Acme${NUL}`, members: [], verified: true },
        field: 'name',
      },
      { method: 'GET', url: '/api/vbc/virtualcontact/%00abc', field: 'contactId' },
      { method: 'GET', url: `/ds/vbc/download/i/${card.id}?accessToken=%00`, field: 'accessToken' },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject({ method: c.method, url: c.url, payload: c.payload, headers: c.headers });
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(`${c.field}: must not contain control characters`);
    }
    // Tabs and line breaks are text.
    const multiLine = await ctx.app.inject({
      method: 'PUT',
      url: `/api/vbc/virtualcontact/${card.id}`,
      headers: ana.headers,
      payload: { biography: 'line one\n\tline two\r\n' },
    });
    expect(multiLine.statusCode).toBe(200);
    expect(ctx.log.text).not.toContain('unhandled error');
    expect(ctx.log.text).not.toContain('Ana\\u0000Cruz');
  });
});

it('the shared schemas refuse control characters too (the web forms use them)', () => {
  expect(ZAccountName.safeParse(`Ana${NUL}Cruz`).error?.issues[0]?.message).toBe('must not contain control characters');
  expect(ZMessageText.safeParse('bell\u0007').success).toBe(false);
  expect(ZMessageText.safeParse('tab\tand\nlines').success).toBe(true);
  const card = ZVirtualContactInput.safeParse({ firstName: 'Ana', lastName: 'Cruz', emails: [{ email: `a${NUL}@b.test` }] });
  expect(card.error?.issues.map((i) => i.path.join('.'))).toContain('emails.0.email');
});
