import { describe, expect, it } from 'vitest';
import { readSsoOutcome } from './sso-outcome.ts';

describe('readSsoOutcome', () => {
  it('reads the handoff or the refusal the SSO callback leaves in the URL, and nothing else', () => {
    expect(readSsoOutcome('#ssoHandoff=abc_DEF-123')).toEqual({ handoff: 'abc_DEF-123' });
    expect(readSsoOutcome('#ssoError=nonce')).toEqual({ error: 'nonce' });
    expect(readSsoOutcome('')).toBeNull();
    expect(readSsoOutcome('#section-2')).toBeNull();
    expect(readSsoOutcome('#ssoHandoff=')).toBeNull();
  });
});
