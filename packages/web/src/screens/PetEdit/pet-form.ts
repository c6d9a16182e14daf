import { ZVirtualPetInput, type TVirtualPet, type TVirtualPetInput } from '@vbc/shared/contact';
import { fieldErrors, type TFieldErrors } from '../../components/field-errors.ts';

/** The pet editor's state: text inputs hold '' rather than null. */
export interface TPetForm {
  name: string;
  species: TVirtualPetInput['species'];
  breed: string;
  sex: TVirtualPetInput['sex'];
  birthDate: string;
  color: string;
  pictureDisplayItemId: string | null;
  description: string;
  careNotes: string;
  medicalNotes: string;
  isLost: boolean;
  lostMessage: string;
  showOwnerPhone: boolean;
}

const orNull = (v: string) => (v.trim() ? v.trim() : null);

export const petToForm = (p: TVirtualPet): TPetForm => ({
  name: p.name,
  species: p.species,
  breed: p.breed ?? '',
  sex: p.sex,
  birthDate: p.birthDate ?? '',
  color: p.color ?? '',
  pictureDisplayItemId: p.pictureDisplayItemId,
  description: p.description ?? '',
  careNotes: p.careNotes ?? '',
  medicalNotes: p.medicalNotes ?? '',
  isLost: p.isLost,
  lostMessage: p.lostMessage ?? '',
  showOwnerPhone: p.showOwnerPhone,
});

/** Only the writable fields (the server refuses any other). */
export const formToPetInput = (f: TPetForm): TVirtualPetInput => ({
  name: f.name.trim(),
  species: f.species,
  breed: orNull(f.breed),
  sex: f.sex,
  birthDate: orNull(f.birthDate),
  color: orNull(f.color),
  pictureDisplayItemId: f.pictureDisplayItemId,
  description: orNull(f.description),
  careNotes: orNull(f.careNotes),
  medicalNotes: orNull(f.medicalNotes),
  isLost: f.isLost,
  lostMessage: orNull(f.lostMessage),
  showOwnerPhone: f.showOwnerPhone,
});

/** Field → message, from the shared schema plus "a birth date is not in the future". */
export function validatePet(f: TPetForm, today = new Date().toISOString().slice(0, 10)): TFieldErrors {
  const errors = fieldErrors(ZVirtualPetInput, formToPetInput(f));
  if (f.birthDate && f.birthDate > today) errors.birthDate = 'The birth date cannot be in the future.';
  return errors;
}
