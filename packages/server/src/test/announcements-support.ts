/** Shared set-up for the announcement and corporate tests: businesses, members with roles, uploads. */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { corporateAccountMembers, type CorporateRole } from '../platform/db/schema/index.ts';
import { buildAccount } from './factories.ts';
import { makePicture, multipartBody } from './upload.ts';

export const ADMIN_TOKEN = 'test-admin-token-announcements-0123456789';
export const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** A small valid PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export type TAccount = Awaited<ReturnType<typeof buildAccount>>;

/**
 * A verified business made by the operator's API, with signed-in people in it: the first is its
 * admin (as create-corporate makes it), then an editor and a plain member.
 */
export async function buildStaffedBusiness(app: FastifyInstance, name = 'Acme') {
  const [owner, editor, member] = [await buildAccount(app), await buildAccount(app), await buildAccount(app)];
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/corporates',
    headers: admin,
    payload: { name, members: [owner.account.email, editor.account.email, member.account.email], verified: true },
  });
  if (res.statusCode !== 201) throw new Error(`create-corporate: ${res.statusCode} ${res.body}`);
  const { corporateAccountId, corporateProfileId } = res.json<{ corporateAccountId: string; corporateProfileId: string }>();
  await setRole(app, corporateAccountId, editor.account.id, 'editor');
  return { corporateAccountId, corporateProfileId, owner, editor, member };
}

/** Gives a member a role directly (the console's role change is tested on its own). */
export async function setRole(app: FastifyInstance, corporateAccountId: string, accountId: string, role: CorporateRole) {
  await app.db
    .update(corporateAccountMembers)
    .set({ role })
    .where(and(eq(corporateAccountMembers.corporateAccountId, corporateAccountId), eq(corporateAccountMembers.accountId, accountId)));
}

/** Uploads a picture as `who`; returns the upload's answer. */
export async function uploadPicture(app: FastifyInstance, headers: Record<string, string>) {
  const form = multipartBody({ data: await makePicture('png'), filename: 'header.png', contentType: 'image/png' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/files/display',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json<{ displayItemId: string; obsecuredDisplayItemId: string }>();
}

/** Uploads a PDF as `who`; returns the upload's answer. */
export async function uploadPdf(app: FastifyInstance, headers: Record<string, string>, filename = 'menu.pdf') {
  const form = multipartBody({ data: PDF, filename, contentType: 'application/pdf' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/files/document',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json<{ documentFileItemId: string; name: string; contentType: string }>();
}
