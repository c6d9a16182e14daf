import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../theme.ts';
import { sampleCard } from '../../test/sample-card.ts';
import ContactView from './ContactView.tsx';
import { contactModel } from './model.ts';
import { LAYOUTS } from './layout-loaders.ts';

/** docs/contracts.md §4 PIN lock notice, and the title of a card being set up (the English catalogue's words). */
const PIN_NOTICE = 'Contact Information is hidden and required Pin to access.';
const SETTING_UP_TITLE = 'This card is being set up';
import type { TVirtualContact } from '@vbc/shared/contact';

const show = (card: TVirtualContact) =>
  render(
    <ThemeProvider theme={theme}>
      <ContactView model={contactModel(card, null)} onPinGranted={() => undefined} />
    </ThemeProvider>,
  );
const headings = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

// The layouts' chunks load once, up front: these tests are about what each layout shows.
beforeAll(() => Promise.all(Object.values(LAYOUTS).map((layout) => layout.preload())), 60_000);
afterEach(cleanup);

// The first render of the MUI tree in jsdom is slow on a busy machine.
describe('public card layouts (docs/contracts.md §2)', { timeout: 20_000 }, () => {
  it('default: no headings, decorative top, every part of the card', async () => {
    show(sampleCard({}, 'default'));
    expect(await screen.findByTestId('layout-default')).toBeTruthy();
    expect(headings()).toEqual([]);
    expect(screen.getByTestId('decorative-background')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ana Lima');
    expect(screen.getByText('Architect')).toBeTruthy();
    expect(screen.getByText('Casa & Co.')).toBeTruthy();
    expect(screen.getByText('I design homes.')).toBeTruthy();
    // e-mail shown by its name when it has one, else by its address
    expect(screen.getByText('Office').closest('a')?.getAttribute('href')).toBe('mailto:ana@example.com');
    expect(screen.getByText('ana.lima@example.org').closest('a')?.getAttribute('href')).toBe('mailto:ana.lima@example.org');
    expect(screen.getByText('0917 555 0100').closest('a')?.getAttribute('href')).toBe('tel:09175550100');
    expect(screen.getByText('Portfolio').closest('a')?.getAttribute('href')).toBe('http://example.com/ana');
    expect(screen.getByText('Studio').closest('a')?.getAttribute('href')).toContain('https://www.google.com/maps/search/');
    expect(screen.getByRole('link', { name: 'Contact Download' }).getAttribute('href')).toBe(
      '/ds/vbc/download/i/0b9f1f4e-8c1d-4a57-9a39-6a1f3b1c2d3e',
    );
    expect(screen.getByRole('button', { name: 'Contact Transfer via QR' })).toBeTruthy();
    expect(screen.getByText('12 views')).toBeTruthy();
    expect(screen.getByText('1 download')).toBeTruthy();
    // only the first wall board's photos
    const photos = within(screen.getByTestId('wall-photos')).getAllByRole('img');
    expect(photos.map((p) => p.getAttribute('src'))).toEqual(['/ds/vbc/odisplay/first-board-photo']);
    expect(screen.getByText('Would you like to get your own profile?').getAttribute('href')).toBe('/order/');
  });

  it('simple: the five headings in order', async () => {
    show(sampleCard({}, 'simple'));
    expect(await screen.findByTestId('layout-simple')).toBeTruthy();
    expect(headings()).toEqual(['About', 'Social Networks', 'Contact Info', 'Links', 'Places']);
  });

  it('artist: headings and the name doubled as background text', async () => {
    show(sampleCard({}, 'artist'));
    expect(await screen.findByTestId('layout-artist')).toBeTruthy();
    expect(headings()).toContain('About');
    expect(screen.getByTestId('artist-name-background').textContent).toBe('Ana Lima');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ana Lima');
  });

  it('facebook: works-at line, quoted biography, Profile/Message out of the social list', async () => {
    show(sampleCard({}, 'facebook'));
    expect(await screen.findByTestId('layout-facebook')).toBeTruthy();
    expect(screen.getByTestId('works-at').textContent).toContain('Works at Casa & Co.');
    expect(screen.getByTestId('biography').textContent).toBe('“I design homes.”');
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('https://www.facebook.com/ana.lima');
    expect(screen.getByRole('link', { name: 'Message' }).getAttribute('href')).toBe('https://m.me/ana.lima');
    const social = screen.getByRole('list', { name: 'Social networks' });
    expect(within(social).queryByLabelText('Facebook')).toBeNull();
    expect(within(social).getByLabelText('Instagram')).toBeTruthy();
  });

  it('an unknown designation shows no layout', () => {
    show(sampleCard({}, 'neon'));
    expect(screen.getByTestId('no-layout')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('PIN lock: no download, no vCard QR, the notice instead', async () => {
    const { phones: _p, emails: _e, ...locked } = sampleCard({ pinProtectionLevel: 1 }, 'simple');
    show(locked);
    expect(await screen.findByText(PIN_NOTICE)).toBeTruthy();
    expect(screen.queryByText('Contact Download')).toBeNull();
    expect(screen.queryByText('Contact Transfer via QR')).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(headings()).not.toContain('Contact Info');
  });

  it('a card with nothing filled in (just adopted) says it is being set up, not an empty layout', () => {
    const empty = sampleCard({
      firstName: '',
      lastName: '',
      name: '',
      jobTitle: null,
      organization: null,
      biography: null,
      markdownDescriptions: [],
      emails: [],
      phones: [],
      locations: [],
      socialMedias: [],
      links: [],
      wall: { boards: [] },
      stats: { viewCount: 0, downloadCount: 0 },
    });
    show(empty);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(SETTING_UP_TITLE);
    expect(screen.queryByTestId('layout-default')).toBeNull();
    expect(screen.queryByText('0 views')).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    cleanup();
    // One thing filled in (a name) and the layout is back.
    show({ ...empty, firstName: 'Ana' });
    expect(screen.queryByText(SETTING_UP_TITLE)).toBeNull();
    expect(screen.getByTestId('contact-view').getAttribute('data-designation')).toBe('default');
  });
});
