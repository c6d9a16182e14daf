/** Builds what `npm start` would build first (the web app once, a stale server); resolves with the built server's entry file. */
export function ensureBuilt(): Promise<string>;
