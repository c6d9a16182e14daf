/** `#ssoHandoff=…` or `#ssoError=…`, as the SSO callback leaves them in the app's URL. */
export function readSsoOutcome(hash: string): { handoff: string } | { error: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const handoff = params.get('ssoHandoff');
  if (handoff) return { handoff };
  const error = params.get('ssoError');
  return error ? { error } : null;
}
