/** Admin's public surface: what other parts of the server may import of operator access (the metrics endpoint's token check). */
export { adminTokenMatches } from './admin-token.ts';
