import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isUuid, normalizeQuickId, type TVisitSource } from '@vbc/shared';
import { notFound } from '../platform/errors/app-error.ts';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { adoptCard, assertAdoptable } from './adoption/adopt-card.ts';
import adoptionRoutes from './adoption/routes.ts';
import { cardDailyStats, cardLinkClickCount } from './card-stats.ts';
import { countLinkClick, countView, type TCountViewDeps, type TViewer } from './count-view.ts';
import { ContactCache } from './contact-cache.ts';
import { createOwnerCard } from './create-owner-card.ts';
import { deleteCard } from './delete-card.ts';
import type { TCardWriteDeps } from './deps.ts';
import { downloadVCard, visitorVCard, type TVCardDeps } from './download-vcard.ts';
import { scheduleSummaryFill } from './fill-summaries.ts';
import { findContact, linkedCardIds, type FoundContact } from './find-contact.ts';
import { getOwnedCard } from './owned-card.ts';
import ownerRoutes from './owner-routes.ts';
import { getCardToManagePin, pinStatus, setPin } from './pin/manage-pin.ts';
import pinRoutes from './pin/routes.ts';
import { validatePin, type ValidatePinInput } from './pin/validate-pin.ts';
import publicRoutes from './public-routes.ts';
import { StatsCounter } from './stats-counter.ts';
import { TemplateOverlay } from './template-overlay.ts';
import { updateCard } from './update-card.ts';
import { cardWebFinger } from './webfinger.ts';

/** Reads and checks: the database is enough. */
const readServices = { getOwnedCard, cardDailyStats, cardLinkClickCount, getCardToManagePin, pinStatus, assertAdoptable };
/** Writes: each sends the change notice (and removes released pictures' files) after its commit. */
const writeServices = { createCard: createOwnerCard, updateCard, deleteCard, setPin, adoptCard };
/** The vCard download and WebFinger: the cached read, PIN access, the picture, the counter and the public origin. */
const vcardServices = { downloadVCard, visitorVCard, cardWebFinger };

/** The virtual contact: public reads through the cache, owner writes, PIN and adoption. */
export interface CardServices
  extends BoundServices<typeof readServices>, BoundServices<typeof writeServices>, BoundServices<typeof vcardServices> {
  /** A card by id or quickId for public display (cached), or a 404. */
  getPublic(contactId: string): Promise<FoundContact>;
  /** The card getPublic would answer when it is in this instance's cache now, else undefined (no database read). */
  cachedPublic(contactId: string): FoundContact | undefined;
  /**
   * Call after any change to a card made outside these services (another domain's write):
   * drops it from every instance's cache, then tells the onChanged listeners of this instance.
   */
  changed(contactId: string): Promise<void>;
  /**
   * Call after a change every card linked to a corporate profile shows (its business's template):
   * this instance reads the template once and shows it on every cached linked card, one message
   * has the other instances do the same, then this instance's onChanged listeners hear of each
   * linked card (wallet passes).
   */
  linkedChanged(corporateProfileId: string): Promise<void>;
  /**
   * Another domain's reaction to a committed card change (wallet passes): called on the instance
   * that made the change, after the cache drop; it must not block (queue its work) and never throws into the caller.
   */
  onChanged(listener: (contactId: string) => void): void;
  /** Batched view/download counts. */
  stats: StatsCounter;
  /** Counts a view of the card once per visitor per day, never the owner's (count-view.ts); true when counted. */
  countView(row: FoundContact['row'], viewer: TViewer, source: TVisitSource | null): Promise<boolean>;
  /** Counts a click on the card's `n`-th link by the same rules (issue 29); true when counted. */
  countLinkClick(row: FoundContact['row'], viewer: TViewer, n: number, source: TVisitSource | null): Promise<boolean>;
  /** docs/contracts.md §3/§4 PIN check (see validate-pin.ts); the token is signed with the server's key. */
  validatePin(input: Omit<ValidatePinInput, 'signingKey'>): ReturnType<typeof validatePin>;
}

declare module 'fastify' {
  interface FastifyInstance {
    cards: CardServices;
  }
}

const CHANNEL = 'contact-changed';
const LINKED_CHANNEL = 'linked-contacts-changed';

/** The cache key of a card asked for by id (any case) or quickId (any of its spellings). */
const cacheKey = (contactId: string) => (isUuid(contactId.trim()) ? contactId.trim().toLowerCase() : normalizeQuickId(contactId.trim()));

/**
 * Cards: decorates `app.cards` — reads for visitors (cached, with change notification between
 * instances), batched counting, owner writes, PIN and adoption — and registers their routes.
 */
export default fp(
  async function cards(app: FastifyInstance) {
    const cache = new ContactCache();
    // Counts just written make cached copies stale here; other instances refresh within the TTL.
    const stats = new StatsCounter(app.db, app.config.STATS_FLUSH_MS, app.log, (ids) => ids.forEach((id) => cache.drop(id)));
    const unsubscribe = await app.backplane.subscribe(CHANNEL, (contactId) => cache.drop(contactId));
    const overlay = new TemplateOverlay(app.db);
    const unsubscribeLinked = await app.backplane.subscribe(LINKED_CHANNEL, (profileId) => {
      overlay.refresh(profileId).catch((error: unknown) => {
        app.log.error({ err: error }, 'could not read a changed brand template: dropping its cards');
        cache.dropLinkedTo(profileId);
      });
    });
    const changeListeners: ((contactId: string) => void)[] = [];
    const tellListeners = (contactId: string) => {
      for (const listener of changeListeners) {
        try {
          listener(contactId);
        } catch (error) {
          app.log.error({ err: error, contactId }, 'card change listener failed');
        }
      }
    };
    const changed = async (contactId: string) => {
      cache.drop(contactId);
      await app.backplane.publish(CHANNEL, contactId);
      tellListeners(contactId);
    };
    const linkedChanged = async (corporateProfileId: string) => {
      await overlay.refresh(corporateProfileId);
      await app.backplane.publish(LINKED_CHANNEL, corporateProfileId);
      if (changeListeners.length === 0) return;
      for (const id of await linkedCardIds(app.db, corporateProfileId)) tellListeners(id);
    };
    const getPublic = async (contactId: string) => {
      const found = await cache.getOrLoad(cacheKey(contactId), () => findContact(app.db, contactId));
      if (!found) throw notFound('card');
      return overlay.apply(found);
    };
    const writeDeps: TCardWriteDeps = { db: app.db, storage: app.storage, changed };
    const vcardDeps: TVCardDeps = {
      db: app.db,
      storage: app.storage,
      signingKey: app.signingKey,
      stats,
      publicUrl: app.config.PUBLIC_URL,
      getPublic,
    };

    const countDeps: TCountViewDeps = { stats, rateLimiter: app.rateLimiter, signingKey: app.signingKey };

    app.decorate('cards', {
      ...bindServices(app.db, readServices),
      ...bindServices(writeDeps, writeServices),
      ...bindServices(vcardDeps, vcardServices),
      getPublic,
      // Keys are cached in their normal form, the one share links carry: try it as given first.
      cachedPublic: (contactId: string) => {
        const found = cache.get(contactId) ?? cache.get(cacheKey(contactId));
        return found && overlay.apply(found);
      },
      changed,
      linkedChanged,
      onChanged(listener) {
        changeListeners.push(listener);
      },
      stats,
      countView: (row, viewer, source) => countView(countDeps, row, viewer, source),
      countLinkClick: (row, viewer, n, source) => countLinkClick(countDeps, row, viewer, n, source),
      validatePin: (input) => validatePin(app.db, { ...input, signingKey: app.signingKey }),
    } satisfies CardServices);
    app.addHook('preClose', async () => {
      await unsubscribe();
      await unsubscribeLinked();
      await stats.close();
    });
    // The summaries of cards stored before migration 0039, written after the start a batch at a time.
    scheduleSummaryFill(app);

    await app.register(publicRoutes);
    await app.register(ownerRoutes);
    await app.register(pinRoutes);
    await app.register(adoptionRoutes);
  },
  { name: 'cards', dependencies: ['config', 'db', 'secrets', 'storage', 'backplane', 'auth', 'rate-limiter'] },
);
