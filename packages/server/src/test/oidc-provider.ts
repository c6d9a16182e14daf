import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the test identity provider says about a person who signs in with `login`. */
export interface TIdpPerson {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TTestIdp {
  /** `http://127.0.0.1:PORT` (needs ALLOW_INSECURE_OUTBOUND on the app). */
  issuer: string;
  /** Who each login is; an unknown login is its own e-mail (or `{login}@{defaultDomain}`), verified. */
  people: Map<string, TIdpPerson>;
  /** Lifetime of the ID tokens it issues, in seconds (tests of expired tokens shorten it). */
  idTokenTtl: number;
  close(): Promise<void>;
}

export interface TTestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * A real OpenID provider (`oidc-provider`, its default settings: code flow, PKCE, minimal ID
 * tokens with the e-mail at userinfo) on 127.0.0.1, with its development login form (any login,
 * any password) and the given clients. Never a mock of the protocol.
 */
export async function startTestIdp(options: { clients: TTestClient[]; defaultDomain: string }): Promise<TTestIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp: TTestIdp = {
    issuer,
    people: new Map(),
    idTokenTtl: 3600,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [c.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-idp-cookie-key'] },
    ttl: { IdToken: () => idp.idTokenTtl },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          ...(idp.people.get(sub) ?? {
            email: sub.includes('@') ? sub : `${sub}@${options.defaultDomain}`,
            email_verified: true,
            name: sub,
          }),
        }),
      };
    },
  });
  // Quiet: the provider reports expected refusals (a code for another client) as server errors.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());
  return idp;
}

/** Cookies a scripted browser keeps across the provider's redirects. */
class CookieJar {
  readonly #cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.#cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  }
  get header() {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Signs in at the provider as `login` the way a browser would (its login form, then its consent
 * form), starting from an authorization URL; resolves to the redirect back to the app's callback
 * (the URL with `code` and `state`, or `error`). `abort` cancels at the login form instead.
 */
export async function signInAtIdp(authorizationUrl: string, login: string, options: { abort?: boolean } = {}): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: jar.header } });
    jar.take(response);
    init = {};
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.pathname.endsWith('/api/sso/callback')) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    if (options.abort) {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error('no abort link on the login form');
      url = new URL(abort.replaceAll('&amp;', '&'), url).href;
      continue;
    }
    const form = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) form.set(name!, value!);
    if (html.includes('name="login"')) {
      form.set('login', login);
      form.set('password', 'any password');
    }
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    init = { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the provider never redirected back');
}
