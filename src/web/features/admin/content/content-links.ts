import { adminPaths } from '../admin-paths';

/** Where a question is edited in the console (the content screens' question editor). */
export function questionEditLink(questionId: number): string | null {
  return `${adminPaths.content}/questions/${questionId}`;
}
