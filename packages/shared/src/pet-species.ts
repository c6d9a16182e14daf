import type { PET_SPECIES } from './contact.ts';

/** The `pets` catalogue's key of each species' name. */
export type TSpeciesKey = 'species.dog' | 'species.cat' | 'species.bird' | 'species.rabbit' | 'species.other';

/**
 * A species' name in a language: `t` is the `pets` namespace's (the app's pet pickers, the server's
 * pet page preview). The stored value stays the API's English word.
 */
export function speciesName(t: (key: TSpeciesKey) => string, species: (typeof PET_SPECIES)[number]): string {
  switch (species) {
    case 'Dog':
      return t('species.dog');
    case 'Cat':
      return t('species.cat');
    case 'Bird':
      return t('species.bird');
    case 'Rabbit':
      return t('species.rabbit');
    case 'Other':
      return t('species.other');
  }
}
