import * as client from 'openid-client';
import { OutboundError, type OutboundFetch } from '../platform/outbound/outbound-fetch.ts';
import type { TIdpSettings } from './deps.ts';

/**
 * A factory of openid-client configurations (OpenID Connect discovery at the issuer, client
 * secret by HTTP Basic): every request goes through the guarded outbound fetch, http only with
 * ALLOW_INSECURE_OUTBOUND, and the ID token's times are judged by the app's clock (`now`, which
 * tests move) rather than the host's.
 */
export function oidcConfigurations(options: { fetch: OutboundFetch; allowInsecure: boolean; now(): Date }) {
  const customFetch: client.CustomFetch = async (url, init) => {
    const { body } = init;
    // openid-client sends forms and JSON, never a stream.
    if (body instanceof ReadableStream) throw new OutboundError('a streamed request body is not sent');
    return options.fetch(url, { ...init, body });
  };
  return async function oidc(settings: TIdpSettings): Promise<client.Configuration> {
    const skew = Math.floor(options.now().getTime() / 1000) - Math.floor(Date.now() / 1000);
    return client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      { client_secret: settings.clientSecret, [client.clockSkew]: skew },
      client.ClientSecretBasic(settings.clientSecret),
      { [client.customFetch]: customFetch, execute: options.allowInsecure ? [client.allowInsecureRequests] : [] },
    );
  };
}
