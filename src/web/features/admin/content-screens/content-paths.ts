import { adminPaths } from '../admin-paths';

const base = adminPaths.content;

/** The content screens' routes, below /admin/content. */
export const contentPaths = {
  languages: `${base}/languages`,
  categories: `${base}/categories`,
  subcategories: (categoryId: number) => `${base}/categories/${categoryId}`,
  questions: `${base}/questions`,
  newQuestion: (o: Record<string, string | number | undefined> = {}) => {
    const q = new URLSearchParams(
      Object.entries(o)
        .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
        .map(([k, v]) => [k, String(v)]),
    ).toString();
    return `${base}/questions/new${q ? `?${q}` : ''}`;
  },
  question: (id: number) => `${base}/questions/${id}`,
  funAndLearn: `${base}/fun-and-learn`,
  dailyQuiz: `${base}/daily-quiz`,
  import: `${base}/import`,
} as const;
