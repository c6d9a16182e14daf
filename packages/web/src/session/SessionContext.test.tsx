// @vitest-environment-options { "url": "http://127.0.0.1:9/vbc/" }
// Port 9 (discard) has no server: every request fails as a dropped network does.
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionProvider, useSession } from './SessionContext.tsx';

function Status() {
  return <p data-testid="status">{useSession().status}</p>;
}

describe('session start', () => {
  it('keeps the stored sign-in when the server cannot be reached (a reload cut the check off)', async () => {
    localStorage.setItem('vbc.accessToken', 'tok-kept');
    localStorage.setItem('vbc.sessionId', 'sess-kept');
    render(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedOut'));
    expect(localStorage.getItem('vbc.accessToken')).toBe('tok-kept');
    expect(localStorage.getItem('vbc.sessionId')).toBe('sess-kept');
  });
});
