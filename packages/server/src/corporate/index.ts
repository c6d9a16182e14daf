/** Corporate's public surface: what other domains may import of businesses. Its services are the `app.corporate` decorator. */
export { ADMIN_ROLES, EDITOR_ROLES } from './membership.ts';
/** The one way an admin action is written to the business's audit log (in the action's transaction). */
export { recordAudit } from './audit.ts';
/** The caller of a business's console route (401, 404 to outsiders, 403 without the role). */
export { consoleCaller } from './console-caller.ts';
