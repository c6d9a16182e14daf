/** Pets' public surface: what other domains may import of a pet tag. Its services are the `app.pets` decorator. */
export { presentPet, type FoundPet } from './find-pet.ts';
