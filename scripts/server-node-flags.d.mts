/** The flags between `node` and the script in package.json's `start` script. */
export const SERVER_NODE_FLAGS: string[];
