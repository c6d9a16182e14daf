import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZVirtualPet } from '@vbc/shared';
import { requireAccount } from '../platform/plugins/auth.ts';
import { ZPetCreateBody, ZPetPatchBody, type TPetPatchBody } from './pet-input.ts';
import { readPrecondition, setVersionHeaders } from '../platform/http/precondition.ts';
import { notFound } from '../platform/errors/app-error.ts';
import { presentPet } from './find-pet.ts';
import { documentedOnly, SECURITY, ZNoContent } from '../platform/plugins/docs.ts';

const ZPetParams = z.object({ id: z.string().min(1).max(100) });

/** docs/contracts.md §D4 pets: public read, owner create / partial update (PUT or POST) / delete. */
export default async function petRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/vp/virtualpet/:id',
    {
      ...documentedOnly,
      schema: {
        security: SECURITY.none,
        response: { 200: ZVirtualPet },
        params: ZPetParams,
        summary: "A pet's public page data (owner phone only if the owner chose to show it)",
        tags: ['pets'],
      },
    },
    async (request, reply) => {
      const found = await app.pets.findPet(request.params.id);
      if (!found) throw notFound('pet');
      const isOwner = !!request.account && found.row.ownerAccountId === request.account.id;
      return setVersionHeaders(reply, found.row.updatedAt).send(presentPet(found, isOwner));
    },
  );

  r.post(
    '/api/vp/virtualpet',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 201: ZVirtualPet },
        body: ZPetCreateBody,
        summary: 'Create a pet owned by the caller',
        tags: ['pets'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const found = await app.pets.createPet(account.id, request.body);
      return setVersionHeaders(reply.status(201), found.row.updatedAt).send(presentPet(found, true));
    },
  );

  const update = async (request: FastifyRequest<{ Params: { id: string }; Body: TPetPatchBody }>, reply: FastifyReply) => {
    const account = requireAccount(request);
    const { updatedAt, ...patch } = request.body;
    const found = await app.pets.updatePet(request.params.id, account.id, patch, readPrecondition(request, updatedAt));
    return setVersionHeaders(reply, found.row.updatedAt).send(presentPet(found, true));
  };
  const updateSchema = {
    security: SECURITY.bearer,
    response: { 200: ZVirtualPet },
    params: ZPetParams,
    body: ZPetPatchBody,
    summary: 'Owner: change some fields of a pet (the rest stay); updatedAt or If-Match → 409 when stale',
    tags: ['pets'],
  };
  r.put('/api/vp/virtualpet/:id', { schema: updateSchema }, update);
  r.post('/api/vp/virtualpet/:id', { schema: updateSchema }, update);

  r.delete(
    '/api/vp/virtualpet/:id',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 204: ZNoContent },
        params: ZPetParams,
        summary: 'Owner: delete the pet',
        tags: ['pets'],
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      await app.pets.deletePet(request.params.id, account.id);
      return reply.status(204).send(null);
    },
  );
}
