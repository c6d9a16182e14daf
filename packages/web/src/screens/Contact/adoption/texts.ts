/** The words of docs/contracts.md §2 "Unadopted card screen" and §8, as the adoption form shows them. */
export const CHECKING_TEXT = 'Checking whether this is available ...';
export const NOT_AVAILABLE_TEXT = 'Sorry! This profile is not available to adopt!';
export const ENTER_CODE_TEXT = 'Enter the adoption code.';
export const ADOPT_FAILED_TEXT = 'Error! Failed to adopt!';
export const ADOPTED_TEXT = 'Adopted!';
export const CONGRATULATIONS_TEXT = 'Congratulations on new profile!!';
