/**
 * A question's text as duplicates are found by: compatibility forms folded (NFKC: full-width
 * letters, ligatures), case ignored, runs of white space as one space.
 */
export function questionKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export interface DuplicateCandidate {
  line: number;
  /** The category the question goes to (a name or id, the same for the same category). */
  target: string;
  question: string;
}

/**
 * Which candidates are duplicates, by index: of a question already in their category
 * (`existing`: target → question keys) or of an earlier candidate for the same category.
 */
export function findDuplicates(
  candidates: readonly DuplicateCandidate[],
  existing: ReadonlyMap<string, ReadonlySet<string>>,
  unit = 'line',
): Map<number, string> {
  const seen = new Map<string, number>();
  const found = new Map<number, string>();
  candidates.forEach((c, i) => {
    const key = questionKey(c.question);
    if (existing.get(c.target)?.has(key)) {
      found.set(i, 'already in the category');
      return;
    }
    const first = seen.get(`${c.target}\n${key}`);
    if (first !== undefined) found.set(i, `same question as ${unit} ${first}`);
    else seen.set(`${c.target}\n${key}`, c.line);
  });
  return found;
}
