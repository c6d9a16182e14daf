import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/errors/app-error.ts';
import { findDisplayItemById } from '../files/index.ts';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { ApnsClient } from '../push/index.ts';
import type { WalletDeps } from './deps.ts';
import { walletAvailability } from './availability.ts';
import { generateApplePass, generateGoogleWalletPass } from './generate-pass.ts';
import { PassUpdates } from './pass-updates.ts';
import { cardSubject, petSubject } from './pass-subject.ts';
import { latestPass, listUpdatedSerials, registerPassDevice, unregisterPassDevice } from './passkit-service.ts';
import passkitRoutes from './passkit-routes.ts';
import walletRoutes from './routes.ts';
import { appleWalletSettings, googleWalletSettings } from './settings.ts';

const services = {
  walletAvailability,
  generateApplePass,
  generateGoogleWalletPass,
  registerPassDevice,
  unregisterPassDevice,
  listUpdatedSerials,
  latestPass,
};

/** Wallet passes (wallet/README.md). */
export interface WalletServices extends BoundServices<typeof services> {
  /** Pass updates after card and pet changes (`idle()` for tests). */
  updates: PassUpdates | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletServices;
  }
}

export interface TWalletPluginOptions {
  /** Extra CA (PEM) trusted for the APNs host (tests: the local stub). */
  ca?: string;
}

/**
 * Wallet: Apple passes (passkit-generator) kept current through Apple's PassKit web service and
 * update pushes, and Google Wallet save JWTs. Unconfigured providers answer 503. Card and pet
 * changes arrive through `app.cards.onChanged` / `app.pets.onChanged`.
 */
export default fp(
  async function wallet(app: FastifyInstance, options: TWalletPluginOptions) {
    const { config } = app;
    const apple = appleWalletSettings(config);
    const google = googleWalletSettings(config);
    const deps: WalletDeps = {
      db: app.db,
      signingKey: app.signingKey,
      publicUrl: config.PUBLIC_URL,
      apple,
      google,
      async findSubject(id) {
        try {
          return cardSubject(await app.cards.getPublic(id), config.PUBLIC_URL);
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'not_found')) throw error;
        }
        const pet = await app.pets.findPet(id);
        return pet ? petSubject(pet, config.PUBLIC_URL) : null;
      },
      async readPicture(displayItemId) {
        const item = await findDisplayItemById(app.db, displayItemId);
        return (item && (await app.storage.read(item.storageKey))) ?? null;
      },
    };

    let updates: PassUpdates | null = null;
    if (apple) {
      // Wallet's update pushes authenticate with the pass type certificate; topic = the pass type id.
      const apns = new ApnsClient({
        certificate: {
          cert: apple.signerCert,
          key: apple.signerKey,
          ...(apple.signerKeyPassphrase ? { passphrase: apple.signerKeyPassphrase } : {}),
        },
        url: config.APNS_URL,
        ca: options.ca,
      });
      updates = new PassUpdates({ db: app.db, log: app.log, apns, passTypeId: apple.passTypeId });
      const live = updates;
      app.cards.onChanged((contactId) => live.changed({ kind: 'card', id: contactId }));
      app.pets.onChanged((petId) => live.changed({ kind: 'pet', id: petId }));
      app.addHook('onClose', async () => {
        await live.idle();
        await apns.close();
      });
    }
    app.log.info({ appleWallet: Boolean(apple), googleWallet: Boolean(google) }, 'wallet passes');

    app.decorate('wallet', { ...bindServices(deps, services), updates } satisfies WalletServices);
    await app.register(walletRoutes);
    await app.register(passkitRoutes);
  },
  { name: 'wallet', dependencies: ['config', 'db', 'secrets', 'storage', 'auth', 'cards', 'pets'] },
);
