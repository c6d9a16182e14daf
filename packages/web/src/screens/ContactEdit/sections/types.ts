import type { TFieldErrors } from '../../../components/field-errors.ts';
import type { TCardForm } from '../form-model.ts';

/** Sets one form field, to a value or from the previous value. */
export type TSetField = <K extends keyof TCardForm>(key: K, value: TCardForm[K] | ((prev: TCardForm[K]) => TCardForm[K])) => void;

/** What every editor section receives. */
export interface TSectionProps {
  form: TCardForm;
  set: TSetField;
  errors: TFieldErrors;
}
