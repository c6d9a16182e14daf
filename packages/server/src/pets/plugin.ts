import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { findPet } from './find-pet.ts';
import { createPet, deletePet, updatePet, type TPetWriteDeps } from './manage-pet.ts';
import petRoutes from './routes.ts';

const services = { findPet, createPet };
/** Owner writes that change or remove a stored pet: the change notice and released files follow the commit. */
const writeServices = { updatePet, deletePet };

/** Pet tags: public read, owner write. */
export interface PetServices extends BoundServices<typeof services>, BoundServices<typeof writeServices> {
  /** Another domain's reaction to a committed pet change; must not block, never throws into the caller. */
  onChanged(listener: (petId: string) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    pets: PetServices;
  }
}

/** Pets: decorates `app.pets` and registers the docs/contracts.md §D4 pet routes. */
export default fp(
  async function pets(app: FastifyInstance) {
    const changeListeners: ((petId: string) => void)[] = [];
    const changed = (petId: string) => {
      for (const listener of changeListeners) {
        try {
          listener(petId);
        } catch (error) {
          app.log.error({ err: error, petId }, 'pet change listener failed');
        }
      }
    };
    const writeDeps: TPetWriteDeps = { db: app.db, storage: app.storage, changed };
    app.decorate('pets', {
      ...bindServices(app.db, services),
      ...bindServices(writeDeps, writeServices),
      onChanged(listener) {
        changeListeners.push(listener);
      },
    } satisfies PetServices);
    await app.register(petRoutes);
  },
  { name: 'pets', dependencies: ['db', 'storage'] },
);
