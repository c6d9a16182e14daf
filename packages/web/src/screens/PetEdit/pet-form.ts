import { z } from 'zod';
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

/**
 * The editor's values as the shared schema checks them (the input they are sent as), plus "a birth
 * date is not in the future". Issues are named by the editor's fields.
 */
export const ZPetForm = z
  .custom<TPetForm>()
  .transform((f): z.input<typeof ZVirtualPetInput> => formToPetInput(f))
  .pipe(
    ZVirtualPetInput.superRefine((pet, ctx) => {
      const today = new Date().toISOString().slice(0, 10);
      if (pet.birthDate && pet.birthDate > today)
        ctx.addIssue({ code: 'custom', path: ['birthDate'], message: 'The birth date cannot be in the future.' });
    }),
  );
