import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CorporateRole } from '../platform/db/schema/index.ts';
import { requireAccount } from '../platform/plugins/auth.ts';

/**
 * The signed-in caller of a business's console route, with their role: 401 signed out, 404 to a
 * non-member, 403 to a member without one of `roles` (the console's rule). Every console route of
 * every domain asks this one.
 */
export async function consoleCaller(
  app: FastifyInstance,
  request: FastifyRequest,
  corporateAccountId: string,
  roles: readonly CorporateRole[],
) {
  const account = requireAccount(request);
  const role = await app.corporate.requireRole(account.id, corporateAccountId, roles);
  return { account, role };
}
