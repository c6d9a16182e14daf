import type { TFunction } from 'i18next';
import type { PET_SPECIES } from '@vbc/shared/contact';

/**
 * A species' name in the active language, for the pet pickers (Home's Add a pet, the pet editor);
 * `t` of the `pets` namespace. The stored value stays the API's English word.
 */
export function speciesName(t: TFunction<'pets'>, species: (typeof PET_SPECIES)[number]): string {
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
