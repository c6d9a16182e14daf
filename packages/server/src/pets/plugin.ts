import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../plugins/bind-services.ts';
import { findPet } from './find-pet.ts';
import { createPet, deletePet, updatePet } from './manage-pet.ts';
import petRoutes from './routes.ts';

const services = { findPet, createPet, updatePet, deletePet };

declare module 'fastify' {
  interface FastifyInstance {
    /** Pet tags: public read, owner write. */
    pets: BoundServices<typeof services>;
  }
}

/** Pets: decorates `app.pets` and registers the DESIGN §4 pet routes. */
export default fp(
  async function pets(app: FastifyInstance) {
    app.decorate('pets', bindServices(app.db, services));
    await app.register(petRoutes);
  },
  { name: 'pets', dependencies: ['db', 'storage'] },
);
