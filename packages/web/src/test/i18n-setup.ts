// Web unit tests render components in English (SPEC's texts), with every namespace loaded up front.
import { initI18n, loadCatalogue, NAMESPACES } from '../i18n/i18n.ts';

const messages = Object.fromEntries(await Promise.all(NAMESPACES.map(async (ns) => [ns, await loadCatalogue('en', ns)] as const)));
await initI18n('en', messages);
