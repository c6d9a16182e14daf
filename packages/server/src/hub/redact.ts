/** Removes `access_token` from a URL for logging (the hub accepts tokens in its query string). */
export function redactAccessToken(url: string): string {
  return url.replace(/([?&]access_token=)[^&#]*/gi, '$1[redacted]');
}
