import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import type { TVirtualContact } from '@vbc/shared/contact';
import { theme } from '../../../theme.ts';
import { sampleCard } from '../../../test/sample-card.ts';
import { contactModel } from '../model.ts';
import ContactActions from './ContactActions.tsx';

const show = (card: TVirtualContact) =>
  render(
    <ThemeProvider theme={theme}>
      <ContactActions model={contactModel(card, null)} onPinGranted={() => undefined} />
    </ThemeProvider>,
  );
afterEach(cleanup);

describe('"Exchange Contact" beside "Share" (issue 26)', { timeout: 20_000 }, () => {
  it('is shown on a card that takes details, and while the PIN lock hides its rows', () => {
    show(sampleCard());
    expect(screen.getByRole('button', { name: 'Exchange Contact' })).toBeTruthy();
    cleanup();
    const { phones: _p, emails: _e, ...locked } = sampleCard({ pinProtectionLevel: 1 });
    show(locked);
    expect(screen.queryByText('Contact Download')).toBeNull();
    expect(screen.getByRole('button', { name: 'Exchange Contact' })).toBeTruthy();
  });

  it('is absent when the owner switched it off, and present when an older answer has no field', () => {
    show(sampleCard({ exchangeEnabled: false }));
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Exchange Contact' })).toBeNull();
    cleanup();
    const { exchangeEnabled: _x, ...older } = sampleCard();
    show(older as TVirtualContact);
    expect(screen.getByRole('button', { name: 'Exchange Contact' })).toBeTruthy();
  });
});
