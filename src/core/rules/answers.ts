// Answers as graded, the same on the server and the device: each question type's canonical form.
/**
 * A guessed word as graded: letters only, upper case, without Arabic diacritics or tatweel and
 * with the alef forms as one letter, so "new york", "New-York" and "NEWYORK" are one answer,
 * and so are "أسد" and "اسد".
 */
export function normalizeWord(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[\u064B-\u0652\u0670\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function splitIds(s: string): string[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** A match answer ("a:2,b:1") as sorted pairs, or null when a left item is paired twice. */
function matchPairs(s: string): string | null {
  const pairs = splitIds(s).map((p) => p.split(':').map((x) => x.trim()));
  const left = new Set(pairs.map((p) => p[0]));
  if (left.size !== pairs.length || pairs.some((p) => p.length !== 2 || !p[0] || !p[1])) return null;
  return pairs
    .map((p) => `${p[0]}:${p[1]}`)
    .sort()
    .join(',');
}

/**
 * The canonical form of an answer of a question type, the same on both sides:
 * mcq / true_false: an option id ("b"); multi_select: the option ids, sorted ("a,c");
 * sequence: the option ids in order ("c,a,b"); match: left:right pairs, sorted ("a:2,b:1");
 * word: the normalized word.
 */
export function canonicalAnswer(type: string, answer: string): string | null {
  switch (type) {
    case 'multi_select': {
      const ids = splitIds(answer);
      return new Set(ids).size === ids.length ? [...ids].sort().join(',') : null;
    }
    case 'sequence':
      return splitIds(answer).join(',');
    case 'match':
      return matchPairs(answer);
    case 'word':
      return normalizeWord(answer);
    default:
      return answer.trim();
  }
}

/** True when `given` is the answer `key` of a question of `type`. */
export function isCorrectAnswer(type: string, key: string, given: string | null): boolean {
  if (given === null) return false;
  const g = canonicalAnswer(type, given);
  return g !== null && g !== '' && g === canonicalAnswer(type, key);
}
