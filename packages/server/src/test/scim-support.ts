import type { FastifyInstance } from 'fastify';
import { buildStaffedBusiness } from './announcements-support.ts';

/** SCIM's media type (RFC 7644 §3.1). */
export const SCIM = 'application/scim+json';
export type TScimMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A staffed business (admin, editor, member) whose admin made a SCIM token in the console, with
 * `scim(method, path, body?, authorization?)` calling `/scim/v2/{corporateAccountId}{path}` by raw
 * HTTP as an identity provider would, and `memberIds()` reading the console's member list.
 */
export async function buildProvisionedBusiness(app: FastifyInstance) {
  const biz = await buildStaffedBusiness(app);
  const made = await app.inject({
    method: 'POST',
    url: `/api/corporate/${biz.corporateAccountId}/scim-tokens`,
    headers: biz.owner.headers,
  });
  if (made.statusCode !== 201) throw new Error(`scim-tokens: ${made.statusCode} ${made.body}`);
  const { token } = made.json<{ token: string }>();
  const scim = (method: TScimMethod, path: string, body?: unknown, authorization = `Bearer ${token}`) =>
    app.inject({
      method,
      url: `/scim/v2/${biz.corporateAccountId}${path}`,
      headers: { authorization, accept: SCIM, ...(body === undefined ? {} : { 'content-type': SCIM }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const memberIds = async () =>
    (await app.inject({ url: `/api/corporate/${biz.corporateAccountId}/members`, headers: biz.owner.headers }))
      .json<{ accountId: string }[]>()
      .map((m) => m.accountId);
  return { ...biz, token, scim, memberIds };
}
