import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * On the server (src/ssr/), the query client of the one page being rendered, in place of the
 * app's shared one: answers never outlive the page, nor pass from one visitor's page to another's.
 */
export const ServerQueryClientContext = createContext<QueryClient | null>(null);
