import type { TFunction } from 'i18next';
import type { PET_SPECIES } from '@vbc/shared/contact';
import { speciesName as nameIn } from '@vbc/shared/pet-species';

/**
 * A species' name in the active language, for the pet pickers (Home's Add a pet, the pet editor);
 * `t` of the `pets` namespace. The stored value stays the API's English word.
 */
export const speciesName = (t: TFunction<'pets'>, species: (typeof PET_SPECIES)[number]): string => nameIn((key) => t(key), species);
