/** A service: a function whose first parameter is what it needs from the app (its deps), never a request. */
type Service<D> = (deps: D, ...args: never[]) => unknown;

/** The services with their deps given: what a domain decorates the app with. */
export type BoundServices<S> = {
  [K in keyof S]: S[K] extends (deps: never, ...args: infer A) => infer R ? (...args: A) => R : never;
};

/**
 * Gives each service its deps once, for the domain's decorator:
 * `app.decorate('pets', bindServices(app.db, { findPet, createPet }))`, then routes call `app.pets.findPet(id)`.
 */
export function bindServices<D, S extends Record<string, Service<D>>>(deps: D, services: S): BoundServices<S> {
  const bound: Record<string, unknown> = {};
  for (const [name, service] of Object.entries(services)) {
    bound[name] = (...args: never[]) => service(deps, ...args);
  }
  return bound as BoundServices<S>;
}
