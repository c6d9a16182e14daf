import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HUB } from '@vbc/shared';
import { findSession } from '../accounts/index.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../platform/db/unavailable.ts';
import { createHub, HubHttpError, type Hub, type THubEvent, type TStreamPosition } from './index.ts';
import { loadSecret } from '../platform/plugins/secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The real-time hub at /personalHub: `sendToUser(accountId, method, ...args)` reaches every connection of an account on every instance. */
    hub: Hub;
  }
}

/** Longest token the hub looks up (real ones are 43 characters). */
const MAX_TOKEN_LENGTH = 200;

/**
 * The SignalR hub of docs/contracts.md §D5 at /personalHub: users are accounts, signed in by their access
 * token (Bearer header or access_token query); fan-out through app.backplane; cross-origin pages
 * only from PUBLIC_URL and ALLOWED_ORIGINS. Logout and account deletion close the account's
 * connections (without automatic reconnect). Closing the app closes the hub. Connection tokens
 * are signed with a key every instance reads, so WebSockets need no load-balancer affinity.
 */
export default fp(
  async function hubPlugin(app: FastifyInstance) {
    const hub = createHub({
      path: HUB.path,
      backplane: app.backplane,
      // Shared by every instance: a WebSocket may connect to another instance than negotiate.
      connectionTokenKey: await loadSecret(app.db, 'hub-connection-token-key'),
      allowedOrigins: [new URL(app.config.PUBLIC_URL).origin, ...app.config.ALLOWED_ORIGINS],
      // Per instance (docs/deployment.md): the next negotiate is refused with 429.
      maxConnectionsPerUser: app.config.HUB_MAX_CONNECTIONS_PER_ACCOUNT,
      async authenticate(token) {
        if (!token || token.length > MAX_TOKEN_LENGTH) return null;
        try {
          const account = await findSession(app.db, token);
          return account ? { userId: account.id, sessionKey: account.sessionRowId } : null;
        } catch (error) {
          // The database out of reach (or its pool exhausted by a burst of upgrades): 503 with
          // Retry-After as for any request, on WebSocket upgrades too (they never reach the error handler).
          if (!isDatabaseUnavailable(error)) throw error;
          app.log.warn({ err: error }, 'database unavailable');
          const down = databaseUnavailable();
          throw new HubHttpError(down.status, down.code, down.message, down.headers);
        }
      },
    });
    hub.attach(app);
    app.decorate('hub', {
      ...hub,
      sendToUser(userId: string, target: string, ...args: unknown[]) {
        app.metrics.eventsPublished.inc({ event: target });
        return hub.sendToUser(userId, target, ...args);
      },
      sendToUserInOrder(userId: string, order: TStreamPosition, invocations: readonly THubEvent[]) {
        for (const { target } of invocations) app.metrics.eventsPublished.inc({ event: target });
        return hub.sendToUserInOrder(userId, order, invocations);
      },
    });
    // A change to the account itself (name, contact, language) reaches every device of it: the app refetches the account.
    app.accountEvents.onAccountUpdated(async (accountId, account) => {
      await app.hub.sendToUser(accountId, 'AccountUpdated', account);
    });
    // Logout closes that sign-in's connections; deletion closes the account's on every device.
    app.accountEvents.onAccountSignedOut((accountId, info) =>
      info.reason === 'deleted'
        ? hub.closeUser(accountId, 'The account was deleted.')
        : hub.closeUser(accountId, 'Signed out.', { sessionKey: info.sessionRowId }),
    );
  },
  { name: 'hub', dependencies: ['config', 'db', 'backplane', 'accounts', 'metrics'] },
);
