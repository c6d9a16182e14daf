import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Suspense } from 'react';
import { SessionProvider } from '../session/SessionContext.tsx';
import { i18n } from '../i18n/i18n.ts';
import NotFound from './NotFound.tsx';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const renderNotFound = (kind: 'card' | 'page') =>
  render(
    <SessionProvider>
      <MemoryRouter>
        <Suspense fallback={null}>
          <NotFound kind={kind} />
        </Suspense>
      </MemoryRouter>
    </SessionProvider>,
  );

describe('NotFound in the active language (issue 30, 31)', () => {
  it("says SPEC's words in English", () => {
    renderNotFound('page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
  });

  it('loads its namespace in another language on demand, and follows a change of language', async () => {
    await i18n.changeLanguage('ar');
    renderNotFound('card');
    expect(await screen.findByRole('heading', { name: 'لم يتم العثور على البطاقة' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'الانتقال إلى الصفحة الرئيسية' })).toBeTruthy();
    await i18n.changeLanguage('es');
    expect(await screen.findByRole('heading', { name: 'Tarjeta no encontrada' })).toBeTruthy();
  });
});
