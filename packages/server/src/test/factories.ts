import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ZVirtualContactInput } from '@vbc/shared';
import { accounts } from '../platform/db/schema/index.ts';
import { issueSession } from '../accounts/sessions.ts';
import { insertContact, type InsertContactExtras } from '../cards/insert-contact.ts';
import sharp from 'sharp';
import { storeDisplayImage } from '../files/store-files.ts';

const unique = () => randomBytes(5).toString('hex');

/** A signed-in account with unique contact details, and the headers its requests carry. */
export async function buildAccount(app: FastifyInstance, fields: { name?: string; email?: string; phoneNumber?: string } = {}) {
  const [account] = await app.db
    .insert(accounts)
    .values({
      name: fields.name ?? `Tester ${unique()}`,
      email: fields.email ?? `t-${unique()}@example.test`,
      phoneNumber: fields.phoneNumber ?? null,
    })
    .returning();
  const session = await issueSession(app.db, account!.id);
  const headers = { authorization: `Bearer ${session.accessToken}`, 'x-session-id': session.sessionId };
  return { account: account!, ...session, headers };
}

/** A complete card (every list filled) for `owner`, overridable field by field. */
export async function buildCard(
  app: FastifyInstance,
  fields: Partial<z.input<typeof ZVirtualContactInput>> = {},
  extras: InsertContactExtras = {},
) {
  return insertContact(
    app.db,
    {
      firstName: 'Ana',
      lastName: `Reyes-${unique()}`,
      jobTitle: 'Engineer',
      organization: 'Tom & Jerry, Inc.',
      biography: 'Builds things; likes tea.',
      markdownDescriptions: ['**bold** text'],
      designSpecification: { design: { designation: 'simple' }, theme: { designation: 'dark' } },
      emails: [{ email: 'ana@example.test', name: 'Work' }],
      phones: [{ phoneNumber: '0917 555 0101', type: 'Mobile' }],
      locations: [
        { title: 'No address', city: 'Cebu' },
        { title: 'Unit #5', address: '1 Main St, Suite 5', city: 'Manila', country: 'Philippines' },
      ],
      socialMedias: [{ socialMediaType: 'LinkedIn', accountId: 'ana' }],
      links: [{ linkUrl: 'example.com', linkName: 'Site' }],
      ...fields,
    },
    extras,
  );
}

/** A stored, attached display picture (a small JPEG unless `image` is given) for a card to show. */
export async function buildPicture(app: FastifyInstance, image?: Buffer) {
  const bytes =
    image ??
    (await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366ff' } })
      .jpeg()
      .toBuffer());
  return storeDisplayImage(app.db, app.storage, bytes, null, { attached: true });
}
