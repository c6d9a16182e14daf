import { ZFolderName } from '@vbc/shared/directory';

/** A folder name's first problem as the form shows it (the shared schema's message), or null. */
export function folderNameProblem(value: string): string | null {
  const result = ZFolderName.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Required.');
}
