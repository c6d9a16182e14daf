/** Corporate's public surface: what other domains may import of businesses. Its services are the `app.corporate` decorator. */
export { ADMIN_ROLES, EDITOR_ROLES } from './membership.ts';
