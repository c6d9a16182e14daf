import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { findCorporateProfile } from './find-corporate-profile.ts';
import type { TCardLinkDeps } from './deps.ts';
import { followState, setFollowing } from './follow.ts';
import { linkCard, unlinkCard } from './link-card.ts';
import { requireRole, roleIn } from './membership.ts';
import { findConsole, setDirectoryPublic, updateCorporateProfile } from './console-profile.ts';
import consoleRoutes from './console-routes.ts';
import { joinVerifiedInvitations } from './auto-join.ts';
import { acceptInvitation, createInvitation, declineInvitation, listInvitations, myInvitations, revokeInvitation } from './invitations.ts';
import { changeRole, listMembers, managedBusinesses, removeMember } from './members.ts';
import corporateRoutes from './routes.ts';
import { listAudit } from './audit.ts';
import { teamAnalytics } from './team-analytics.ts';
import { importMembers } from './import-members.ts';
import { createInvitationMailer, type InvitationMailer } from './invitation-mailer.ts';
import { createBusinessCard, listBusinessCards, setAssignee } from './business-cards.ts';
import { findTemplate, updateTemplate } from './template.ts';
import teamRoutes from './team-routes.ts';
import templateRoutes from './template-routes.ts';

const services = {
  findCorporateProfile,
  roleIn,
  requireRole,
  followState,
  setFollowing,
  findConsole,
  updateCorporateProfile,
  setDirectoryPublic,
  listMembers,
  changeRole,
  managedBusinesses,
  listInvitations,
  revokeInvitation,
  myInvitations,
  declineInvitation,
  listAudit,
  teamAnalytics,
  findTemplate,
  listBusinessCards,
};
/** Writes that change cards: each sends the cards' change notice after its commit. */
const cardLinkServices = {
  linkCard,
  unlinkCard,
  removeMember,
  createInvitation,
  acceptInvitation,
  joinVerifiedInvitations,
  updateTemplate,
  createBusinessCard,
  setAssignee,
};
/** Writes that queue invitation e-mails (and join verified-domain invitees, whose cards change). */
const importServices = { importMembers };

declare module 'fastify' {
  interface FastifyInstance {
    /** Corporate profiles, membership roles, followers, linked cards, and the console's members and invitations. */
    corporate: BoundServices<typeof services> &
      BoundServices<typeof cardLinkServices> &
      BoundServices<typeof importServices> & {
        /** The import's invitation e-mails (tests and the bench wait for them with `idle()`). */
        invitationMailer: InvitationMailer;
      };
  }
}

/**
 * Corporate: decorates `app.corporate`, joins verified-domain invitees at sign-in (`app.signedInSteps`),
 * and registers the docs/contracts.md §7 corporate profile reads and the business's own routes.
 */
export default fp(
  async function corporate(app: FastifyInstance) {
    const cardLinkDeps: TCardLinkDeps = { db: app.db, cardChanged: app.cards.changed, linkedChanged: app.cards.linkedChanged };
    const invitationMailer = createInvitationMailer({
      db: app.db,
      notifier: app.notifier,
      publicUrl: app.config.PUBLIC_URL,
      log: app.log,
    });
    app.decorate('corporate', {
      ...bindServices(app.db, services),
      ...bindServices(cardLinkDeps, cardLinkServices),
      ...bindServices({ db: app.db, cardChanged: app.cards.changed, mailer: invitationMailer }, importServices),
      invitationMailer,
    });
    app.addHook('onClose', async () => invitationMailer.idle());
    // Auto-join: whoever signs in joins the businesses that invited their e-mail in a domain they verified.
    app.signedInSteps.push(async (accountId) => void (await app.corporate.joinVerifiedInvitations(accountId)));
    await app.register(corporateRoutes);
    await app.register(consoleRoutes);
    await app.register(teamRoutes);
    await app.register(templateRoutes);
  },
  { name: 'corporate', dependencies: ['config', 'db', 'notify', 'cards', 'accounts'] },
);
