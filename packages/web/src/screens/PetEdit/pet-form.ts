import { ZVirtualPetInput, type TVirtualPet, type TVirtualPetInput } from '@vbc/shared/contact';

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
  name: p.name, species: p.species, breed: p.breed ?? '', sex: p.sex, birthDate: p.birthDate ?? '', color: p.color ?? '',
  pictureDisplayItemId: p.pictureDisplayItemId, description: p.description ?? '', careNotes: p.careNotes ?? '',
  medicalNotes: p.medicalNotes ?? '', isLost: p.isLost, lostMessage: p.lostMessage ?? '', showOwnerPhone: p.showOwnerPhone,
});

/** Only the writable fields (the server refuses any other). */
export const formToPetInput = (f: TPetForm): TVirtualPetInput => ({
  name: f.name.trim(), species: f.species, breed: orNull(f.breed), sex: f.sex, birthDate: orNull(f.birthDate), color: orNull(f.color),
  pictureDisplayItemId: f.pictureDisplayItemId, description: orNull(f.description), careNotes: orNull(f.careNotes),
  medicalNotes: orNull(f.medicalNotes), isLost: f.isLost, lostMessage: orNull(f.lostMessage), showOwnerPhone: f.showOwnerPhone,
});

/** Field → message, from the shared schema plus "a birth date is not in the future". */
export function validatePet(f: TPetForm, today = new Date().toISOString().slice(0, 10)): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = ZVirtualPetInput.safeParse(formToPetInput(f));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (!errors[key]) errors[key] = /expected string to have >=1/i.test(issue.message) ? 'Required.' : issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
    }
  }
  if (f.birthDate && f.birthDate > today) errors.birthDate = 'The birth date cannot be in the future.';
  return errors;
}
