import SCIMMY from 'scimmy';
import type { TScimDeps, TScimPerson, TScimPersonInput } from './scim-users.ts';
import { createScimPerson, deleteScimPerson, findScimPeople, findScimPerson, replaceScimPerson } from './scim-users.ts';

/** The call a SCIM request makes through SCIMMY: the business, the services' deps, and the first failure of ours. */
export interface TScimCall {
  deps: TScimDeps;
  corporateAccountId: string;
  /** An error one of our handlers threw: SCIMMY would answer any error it does not know as a 404, so the route rethrows this. */
  failure?: unknown;
}

/** The most users one list answer holds. */
export const MAX_RESULTS = 200;

/** The SCIM User of a person (RFC 7643 §4.1), without `schemas`/`meta.location` (SCIMMY and the route add them). */
function toScim(person: TScimPerson) {
  const name = {
    ...(person.formattedName ? { formatted: person.formattedName } : {}),
    ...(person.givenName ? { givenName: person.givenName } : {}),
    ...(person.familyName ? { familyName: person.familyName } : {}),
  };
  return {
    id: person.id,
    ...(person.externalId ? { externalId: person.externalId } : {}),
    userName: person.userName,
    ...(Object.keys(name).length ? { name } : {}),
    ...(person.displayName ? { displayName: person.displayName } : {}),
    ...(person.title ? { title: person.title } : {}),
    active: person.active,
    emails: [{ value: person.userName, type: 'work', primary: true }],
    meta: { created: person.created, lastModified: person.lastModified },
  };
}

/** The attributes this server keeps, from a User SCIMMY has checked against the schema. */
function fromScim(user: SCIMMY.Schemas.User): TScimPersonInput {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  return {
    userName: user.userName,
    externalId: text(user.externalId),
    active: typeof user.active === 'boolean' ? user.active : undefined,
    givenName: text(user.name?.givenName),
    familyName: text(user.name?.familyName),
    formattedName: text(user.name?.formatted),
    displayName: text(user.displayName),
    title: text(user.title),
  };
}

/** `userName eq "…"`, the one filter identity providers send to find a person: answered by the database. */
function userNameEquals(filter: SCIMMY.Types.Filter | undefined): string | undefined {
  if (!filter || filter.length !== 1) return undefined;
  const [expression] = filter as unknown as Record<string, unknown[]>[];
  const keys = Object.keys(expression ?? {});
  const test = expression?.userName;
  if (keys.length !== 1 || !Array.isArray(test) || test.length !== 2 || String(test[0]).toLowerCase() !== 'eq') return undefined;
  return typeof test[1] === 'string' ? test[1] : undefined;
}

/** Runs one of our handlers; an error of ours is kept for the route and SCIMMY gets a plain one. */
async function run<T>(call: TScimCall, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    call.failure ??= error;
    throw new SCIMMY.Types.Error(500, '', 'failed');
  }
}

let declared = false;

/**
 * Declares SCIMMY's User resource once per process, with handlers that reach this server's
 * services through the call's context (SCIMMY's declarations are global; the app, the business
 * and the database come with each call).
 */
export function declareScimResources(): void {
  if (declared) return;
  declared = true;
  SCIMMY.Config.set({
    documentationUri: 'https://vbc.example/docs/contracts.md#scim',
    patch: true,
    filter: { supported: true, maxResults: MAX_RESULTS },
    bulk: false,
    sort: false,
    etag: false,
    changePassword: false,
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "A SCIM token made in the business's console (Provisioning), sent as Authorization: Bearer.",
        primary: true,
      },
    ],
  });
  SCIMMY.Resources.declare(SCIMMY.Resources.User)
    .egress((resource, ctx: TScimCall) =>
      run(ctx, async () => {
        const { db } = ctx.deps;
        if (resource.id) return toScim(await findScimPerson(db, ctx.corporateAccountId, resource.id));
        const email = userNameEquals(resource.filter);
        const people = (await findScimPeople(db, ctx.corporateAccountId, email === undefined ? 'all' : { email })).map(toScim);
        return resource.filter && email === undefined ? resource.filter.match(people) : people;
      }),
    )
    .ingress((resource, user, ctx: TScimCall) =>
      run(ctx, async () => {
        const input = fromScim(user);
        const person = resource.id
          ? await replaceScimPerson(ctx.deps, ctx.corporateAccountId, resource.id, input)
          : await createScimPerson(ctx.deps, ctx.corporateAccountId, input);
        return toScim(person);
      }),
    )
    .degress((resource, ctx: TScimCall) => run(ctx, () => deleteScimPerson(ctx.deps, ctx.corporateAccountId, resource.id!)));
}
