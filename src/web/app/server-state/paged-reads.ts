import type { ActionInput, ActionOutput } from '../../../core/contract';
import type { ReadAction } from './endpoint-kinds';

/** The reads that take `offset` and `limit`: each also gets a paged endpoint, `<action>_pages`. */
export type PagedRead = { [A in ReadAction]: 'offset' extends keyof ActionInput<A> ? A : never }[ReadAction];

/** Every paged read (a test checks the list against the contract's schemas). */
export const PAGED_READS = [
  'get_notifications',
  'get_tracker_data',
  'get_daily_leaderboard',
  'get_monthly_leaderboard',
  'get_globle_leaderboard',
  'get_payment_request',
  'get_battle_statistics',
  'get_exam_module',
  'get_contest_leaderboard',
  'admin_get_users',
  'admin_get_coin_history',
  'admin_get_payment_requests',
  'admin_get_reports',
  'admin_get_broadcasts',
  'admin_get_translations',
  'admin_get_audit',
  'admin_get_languages',
  'admin_get_categories',
  'admin_get_subcategories',
  'admin_get_questions',
  'admin_get_fun_texts',
  'admin_get_daily_quizzes',
  'admin_get_contests',
  'admin_get_contest_results',
  'admin_get_exams',
  'admin_get_exam_results',
] as const satisfies readonly PagedRead[];

/** One page as kept: the reply's data and, when the reply says it, the count of all items. */
export interface Page<A extends PagedRead> {
  data: ActionOutput<A>;
  total?: number;
}

/**
 * The items of a page: the reply itself, or its `rows` (leaderboards), `entries` (contest boards)
 * or `exams` (the exam list).
 */
export type PageItem<A extends PagedRead> =
  ActionOutput<A> extends readonly (infer T)[]
    ? T
    : ActionOutput<A> extends { rows: readonly (infer T)[] }
      ? T
      : ActionOutput<A> extends { entries: readonly (infer T)[] }
        ? T
        : ActionOutput<A> extends { exams: readonly (infer T)[] }
          ? T
          : never;

/** The items of a page's data, whichever of the shapes above it has. */
export function pageItems(data: unknown): readonly unknown[] {
  if (Array.isArray(data)) return data;
  const d = data as { rows?: unknown[]; entries?: unknown[]; exams?: unknown[] };
  return d.rows ?? d.entries ?? d.exams ?? [];
}

/**
 * The offset of the page after `last` (at `offset`), or undefined at the end: the count of all
 * items when the reply (or its board) says it, else a page shorter than `limit` is the last.
 */
export function nextOffset(last: Page<PagedRead>, offset: number, limit: number | undefined): number | undefined {
  const count = pageItems(last.data).length;
  const total = last.total ?? (last.data as { total?: number }).total;
  const next = offset + count;
  if (count === 0) return undefined;
  if (total !== undefined) return next < total ? next : undefined;
  return limit !== undefined && count >= limit ? next : undefined;
}
