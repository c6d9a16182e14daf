// The app's root in the language's direction (issue 31): turning to Arabic mirrors the theme without mounting the app anew.
import { useEffect, useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { i18n, loadCatalogue } from './i18n.ts';
import LocaleRoot from './LocaleRoot.tsx';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

let mounts = 0;

/** Counts its mounts, keeps a state of its own and says the theme's direction. */
function Probe() {
  const [kept] = useState(() => `state ${mounts + 1}`);
  useEffect(() => {
    mounts += 1;
  }, []);
  return <p data-testid="probe">{`${kept} · ${useTheme().direction}`}</p>;
}

it('turns the theme right to left and back while what is below stays mounted, its state kept', async () => {
  mounts = 0;
  // Arabic's messages are there, as the app has them once it asked for them.
  i18n.addResourceBundle('ar', 'common', await loadCatalogue('ar', 'common'));
  render(
    <LocaleRoot>
      <Probe />
    </LocaleRoot>,
  );
  expect(screen.getByTestId('probe').textContent).toBe('state 1 · ltr');
  await act(() => i18n.changeLanguage('ar'));
  expect(screen.getByTestId('probe').textContent).toBe('state 1 · rtl');
  await act(() => i18n.changeLanguage('en'));
  expect(screen.getByTestId('probe').textContent).toBe('state 1 · ltr');
  expect(mounts).toBe(1);
});
