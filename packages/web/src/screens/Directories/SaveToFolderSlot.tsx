import { Suspense } from 'react';
import type { TVirtualContact } from '@vbc/shared/contact';
import { lazyWithQueries } from '../../query-root/lazy-with-queries.tsx';

const SaveToFolder = lazyWithQueries(() => import('./SaveToFolder.tsx'));

/**
 * The card screen's hook for "Save to folder": a module of its own, so that the card's chunk
 * carries one small import instead of the list of every chunk the save window needs.
 */
export default function SaveToFolderSlot({ contact }: { contact: TVirtualContact }) {
  return (
    <Suspense fallback={null}>
      <SaveToFolder contact={contact} />
    </Suspense>
  );
}
