/**
 * Events a server-rendered page (src/ssr/) announces on `document` as the app takes it over. No
 * imports: the boot script (card-boot.ts) reads these names and must stay a few hundred bytes.
 */

/** The app has hydrated the server's markup (App.tsx). */
export const HYDRATED_EVENT = 'vbc:hydrated';

/**
 * Hydrated, and the visitor is known: a stored session has been checked (signed in or out), so
 * the page shows what it shows this visitor (SessionContext.tsx). A tap held before is replayed then.
 */
export const READY_EVENT = 'vbc:ready';
