// Console → Template against a real HTTP server (node:http on 127.0.0.1) answering GET and PUT …/template as the route does.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TCorporateConsole } from '@vbc/shared/corporate';
import type { TCorporateTemplate } from '@vbc/shared/team-template';
import { createQueryClient } from '../../api/query-client.ts';
import { startLocalApi, type LocalApi } from '../../test/local-api.ts';
import { theme } from '../../theme.ts';
import TemplateSection from './TemplateSection.tsx';

// A busy machine renders MUI slowly in jsdom.
configure({ asyncUtilTimeout: 8000 });

const business: TCorporateConsole = {
  corporateAccountId: 'c1',
  name: 'Harbor Studio',
  role: 'admin',
  verified: true,
  directoryPublic: false,
  profile: {
    corporateProfileId: 'p1',
    name: 'Harbor Studio',
    description: null,
    heroImageDisplayId: null,
    profileImageDisplayId: null,
    heroImage: null,
    profileImage: null,
    lastUpdatedAt: '2026-11-01T00:00:00.000Z',
    phones: [],
    emails: [],
    links: [],
    socialMedias: [],
    locations: [],
  },
};
const template: TCorporateTemplate = {
  corporateAccountId: 'c1',
  business: 'Harbor Studio',
  designSpecification: null,
  organization: 'Harbor Studio Ltd.',
  about: null,
  links: [{ linkUrl: 'https://harbor.test', linkName: 'Site' }],
  locations: [],
  socialMedias: [],
  logoDisplayItemId: null,
  heroImageDisplayItemId: null,
  locked: ['organization'],
  updatedAt: '2026-11-02T00:00:00.000Z',
};

let api: LocalApi;
/** The next PUT's answer: a refusal naming fields, else the template as saved. */
let refusal: string | null = null;
let saves: Record<string, unknown>[] = [];

beforeAll(async () => {
  api = await startLocalApi((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.url !== '/api/corporate/c1/template') return send(404, { message: 'nope' });
      if (req.method === 'GET') return send(200, template);
      const body = JSON.parse(raw) as Record<string, unknown>;
      saves.push(body);
      if (refusal) return send(400, { message: refusal, code: 'bad_request' });
      send(200, { ...template, ...body, updatedAt: '2026-11-03T00:00:00.000Z' });
    });
  });
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  refusal = null;
  saves = [];
});

const show = () =>
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <TemplateSection business={business} />
      </QueryClientProvider>
    </ThemeProvider>,
  );

describe('console template', { timeout: 60_000 }, () => {
  it("shows each field the server's 400 names under that field, and saves the whole template once corrected", async () => {
    show();
    const links = await screen.findByTestId('template-field-links');
    refusal = 'links.0.linkUrl: Not a link we accept; logoDisplayItemId: this picture is not stored; upload it first.';
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await within(links).findByText('Not a link we accept');
    screen.getByText('This picture is not stored; upload it first.');
    expect(screen.getByTestId('template-error').textContent).toBe(`Not saved: ${refusal}`);
    expect(saves[0]).toEqual({
      designSpecification: null,
      organization: 'Harbor Studio Ltd.',
      about: null,
      links: [{ linkUrl: 'https://harbor.test', linkName: 'Site' }],
      locations: [],
      socialMedias: [],
      logoDisplayItemId: null,
      heroImageDisplayItemId: null,
      locked: ['organization'],
    });

    // Corrected, an office added and locked: the whole template goes again, with its locks.
    refusal = null;
    fireEvent.change(within(links).getByLabelText('Link URL'), { target: { value: 'https://harbor.test/home' } });
    const office = screen.getByTestId('template-field-locations');
    fireEvent.click(within(office).getByRole('button', { name: '+ Add an office location' }));
    fireEvent.change(within(office).getByLabelText('Place title'), { target: { value: 'Harbor HQ' } });
    fireEvent.click(within(office).getByLabelText('Lock office locations'));
    within(office).getByText('Locked: members cannot change it.');
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({
      links: [{ linkUrl: 'https://harbor.test/home', linkName: 'Site' }],
      locations: [{ title: 'Harbor HQ', address: null, city: null, country: null, googlePlaceId: null }],
      locked: ['organization', 'locations'],
    });
    await waitFor(() => expect(screen.queryByTestId('template-error')).toBeNull());
  });
});
