import { adminPaths } from '../admin-paths';

/** The contests and exams screens, below the console's events section. */
export const CONTESTS = `${adminPaths.events}/contests`;
export const EXAMS = `${adminPaths.events}/exams`;
