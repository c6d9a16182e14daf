/** docs/contracts.md §8 camera scanner problems; their words (a person can act on) are in the `app` catalogue, `scanner.errors.*`. */
export type TScannerProblem =
  'insecure' | 'noStreamApi' | 'timeout' | 'notSupported' | 'denied' | 'noCamera' | 'noCodeInPhoto' | 'notAPicture';

/** A thrown scanner problem. */
export class ScannerError extends Error {
  override name = 'ScannerError';
  constructor(readonly problem: TScannerProblem) {
    super(problem);
  }
}

/** getUserMedia's (or the decoder's) rejection → the problem to tell, or null when it is none of ours (its own message is shown). */
export function cameraProblem(error: unknown): TScannerProblem | null {
  const name =
    error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException) ? (error as Error).name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'noCamera';
  if (name === 'NotSupportedError') return 'notSupported';
  if (error instanceof ScannerError) return error.problem;
  return null;
}
