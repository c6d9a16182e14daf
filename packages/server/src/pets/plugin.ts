import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../plugins/bind-services.ts';
import { findPet } from './find-pet.ts';
import { createPet, deletePet, updatePet } from './manage-pet.ts';
import petRoutes from './routes.ts';

const services = { findPet, createPet, updatePet, deletePet };

/** Pet tags: public read, owner write. */
export interface PetServices extends BoundServices<typeof services> {
  /** Call after a committed change to a pet: tells the onChanged listeners (wallet passes). */
  changed(petId: string): void;
  /** Another domain's reaction to a committed pet change; must not block, never throws into the caller. */
  onChanged(listener: (petId: string) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    pets: PetServices;
  }
}

/** Pets: decorates `app.pets` and registers the DESIGN §4 pet routes. */
export default fp(
  async function pets(app: FastifyInstance) {
    const changeListeners: ((petId: string) => void)[] = [];
    app.decorate('pets', {
      ...bindServices(app.db, services),
      changed(petId) {
        for (const listener of changeListeners) {
          try {
            listener(petId);
          } catch (error) {
            app.log.error({ err: error, petId }, 'pet change listener failed');
          }
        }
      },
      onChanged(listener) {
        changeListeners.push(listener);
      },
    } satisfies PetServices);
    await app.register(petRoutes);
  },
  { name: 'pets', dependencies: ['db', 'storage'] },
);
