import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { cardQr } from './card-qr.ts';
import { emailSignature } from './email-signature.ts';
import { videoBackground } from './video-background.ts';
import type { TSharingDeps } from './deps.ts';
import sharingRoutes from './routes.ts';

const services = { cardQr, emailSignature, videoBackground };

declare module 'fastify' {
  interface FastifyInstance {
    /** A card's share surfaces (issue 29): its QR code for print, its e-mail signature, its video background. */
    sharing: BoundServices<typeof services>;
  }
}

/** Sharing: what an owner takes away to share their card — made from the card as visitors see it. */
export default fp(
  async function sharing(app: FastifyInstance) {
    const deps: TSharingDeps = { getPublic: app.cards.getPublic, publicUrl: app.config.PUBLIC_URL };
    app.decorate('sharing', bindServices(deps, services));
    await app.register(sharingRoutes);
  },
  { name: 'sharing', dependencies: ['config', 'cards'] },
);
