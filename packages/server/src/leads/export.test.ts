/** The owner's exports (issue 26): the CSV read back by a real CSV parser (csv-parse), the .vcf by ical.js. */
import { parse } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { exchange, exchangeBody } from '../test/leads-support.ts';
import { CSV_COLUMNS, neutraliseCell } from './export-leads.ts';

describe('neutraliseCell', () => {
  it('prefixes a cell that a spreadsheet would take for a formula with an apostrophe, and leaves the rest', () => {
    for (const cell of ['=1+1', '+63 917', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseCell(cell)).toBe(`'${cell}`);
    for (const cell of ['', 'Ana', ' =1', "'=1", 'a=b', '5-3']) expect(neutraliseCell(cell)).toBe(cell);
  });
});

describeEachDatabase('lead exports', (ctx) => {
  async function ownerWithLeads() {
    const owner = await buildAccount(ctx.app);
    const card = await buildCard(ctx.app, { firstName: 'Olivia', lastName: 'Reyes' }, { ownerAccountId: owner.account.id });
    const tricky = exchangeBody({
      name: 'José "Pepe" de la Cruz',
      email: 'pepe@example.test',
      phone: '+63 917 555 0101',
      company: 'Cruz, Santos & Co.',
      jobTitle: '=HYPERLINK("http://evil.example","click")',
      note: 'Line one\r\nLine two, with "quotes" 🎉\n@mention -1 +1',
      source: 'nfc',
    });
    const plain = exchangeBody({ name: 'Zed', email: 'zed@example.test', company: '@corp', jobTitle: null, note: null, source: null });
    const first = (await exchange(ctx.app, card.id, tricky)).json<{ leadId: string }>();
    const second = (await exchange(ctx.app, card.id, plain)).json<{ leadId: string }>();
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/leads/${first.leadId}`,
      headers: owner.headers,
      payload: { status: 'contacted', note: '-owner note', tags: ['vip', 'expo 2026'] },
    });
    return { owner, card, ids: [first.leadId, second.leadId] };
  }

  it('exports CSV (RFC 4180, UTF-8 BOM, the header row) that a CSV parser reads back, formulas neutralised', async () => {
    const { owner } = await ownerWithLeads();
    const res = await ctx.app.inject({ url: '/api/leads/export.csv', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe('attachment; filename=leads.csv');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
    expect(text.endsWith('\r\n')).toBe(true);

    const rows = parse(text, { bom: true, columns: true }) as Record<(typeof CSV_COLUMNS)[number], string>[];
    expect(rows).toHaveLength(2);
    const [zed, pepe] = rows;
    expect(zed).toMatchObject({ 'First Name': 'Zed', 'Last Name': '', Company: "'@corp", Source: '', Status: 'new' });
    expect(pepe).toEqual({
      'First Name': 'José "Pepe" de la',
      'Last Name': 'Cruz',
      Email: 'pepe@example.test',
      Phone: "'+639175550101",
      Company: 'Cruz, Santos & Co.',
      'Job Title': `'=HYPERLINK("http://evil.example","click")`,
      Note: 'Line one\r\nLine two, with "quotes" 🎉\n@mention -1 +1\n\n-owner note',
      Tags: 'vip; expo 2026',
      Status: 'contacted',
      'Source Card': 'Olivia Reyes',
      Source: 'nfc',
      'Captured At': expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      'Consent Text': 'I agree that Olivia Reyes may keep these details and contact me.',
      'Consent At': expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // Filters apply as in the list.
    const contacted = await ctx.app.inject({ url: '/api/leads/export.csv?status=contacted', headers: owner.headers });
    expect(parse(contacted.rawPayload.toString('utf8'), { bom: true, columns: true })).toHaveLength(1);
  });

  it('exports one vCard 3.0 per lead in one .vcf that ical.js reads', async () => {
    const { owner } = await ownerWithLeads();
    const res = await ctx.app.inject({ url: '/api/leads/export.vcf', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/vcard/);
    expect(res.headers['content-disposition']).toBe('attachment; filename=leads.vcf');
    const cards = (ICAL.parse(res.body) as unknown[][]).map((j) => new ICAL.Component(j));
    expect(cards.map((c) => c.getFirstPropertyValue('version'))).toEqual(['3.0', '3.0']);
    expect(cards.map((c) => c.getFirstPropertyValue('fn'))).toEqual(['Zed', 'José "Pepe" de la Cruz']);
    const pepe = cards[1]!;
    expect(pepe.getFirstPropertyValue('n')).toEqual(['Cruz', 'José "Pepe" de la', '', '', '']);
    expect(pepe.getFirstPropertyValue('org')).toBe('Cruz, Santos & Co.');
    expect(pepe.getFirstPropertyValue('tel')).toBe('+639175550101');
    expect(pepe.getFirstPropertyValue('email')).toBe('pepe@example.test');
    expect(pepe.getFirstPropertyValue('note')).toBe('Line one\nLine two, with "quotes" 🎉\n@mention -1 +1\n\n-owner note');
  });
});
