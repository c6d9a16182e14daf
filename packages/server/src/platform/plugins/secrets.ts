import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** HMAC key for short-lived signed tokens (PIN access). */
    signingKey: Buffer;
  }
}

/** The named secret, created on first use; every instance reads the same one. */
export async function loadSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return Buffer.from(row!.value, 'base64');
}

export default fp(
  async function secrets(app: FastifyInstance) {
    app.decorate('signingKey', await loadSecret(app.db, 'signing-key'));
  },
  { name: 'secrets', dependencies: ['db'] },
);
