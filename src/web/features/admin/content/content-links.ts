/**
 * Where a question is edited in the console, or null while the content screens are not there
 * yet (their actions are being designed in src/core/contract/admin-content.ts).
 */
export function questionEditLink(_questionId: number): string | null {
  return null;
}
