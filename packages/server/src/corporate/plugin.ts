import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../plugins/bind-services.ts';
import { findCorporateProfile } from './find-corporate-profile.ts';
import { followState, setFollowing } from './follow.ts';
import { linkCard, unlinkCard } from './link-card.ts';
import { requireRole, roleIn } from './membership.ts';
import { findConsole, setDirectoryPublic, updateCorporateProfile } from './console-profile.ts';
import consoleRoutes from './console-routes.ts';
import { acceptInvitation, createInvitation, declineInvitation, listInvitations, myInvitations, revokeInvitation } from './invitations.ts';
import { changeRole, listMembers, managedBusinesses, removeMember } from './members.ts';
import corporateRoutes from './routes.ts';

const services = {
  findCorporateProfile, roleIn, requireRole, followState, setFollowing, linkCard, unlinkCard,
  findConsole, updateCorporateProfile, setDirectoryPublic,
  listMembers, changeRole, removeMember, managedBusinesses,
  createInvitation, listInvitations, revokeInvitation, myInvitations, acceptInvitation, declineInvitation,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Corporate profiles, membership roles, followers, linked cards, and the console's members and invitations. */
    corporate: BoundServices<typeof services>;
  }
}

/** Corporate: decorates `app.corporate` and registers the SPEC §7 corporate profile reads and the business's own routes. */
export default fp(
  async function corporate(app: FastifyInstance) {
    app.decorate('corporate', bindServices(app.db, services));
    await app.register(corporateRoutes);
    await app.register(consoleRoutes);
  },
  { name: 'corporate', dependencies: ['db', 'cards'] },
);
