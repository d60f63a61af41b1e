import { deleteContest, saveContest } from '../domain/admin/events-contest-save';
import { adminContest, contestResults, listAdminContests } from '../domain/admin/events-contests';
import { deleteExam, saveExam } from '../domain/admin/events-exam-save';
import { adminExam, examResults, listAdminExams } from '../domain/admin/events-exams';
import { audited, paged, type Handlers } from '../http/context';

type AdminEventAction =
  | 'admin_get_contests'
  | 'admin_get_contest'
  | 'admin_save_contest'
  | 'admin_delete_contest'
  | 'admin_get_contest_results'
  | 'admin_get_exams'
  | 'admin_get_exam'
  | 'admin_save_exam'
  | 'admin_delete_exam'
  | 'admin_get_exam_results';

/** The operator console: contests and exams (schedule, terms, questions, results). */
export const adminEventHandlers: Handlers<AdminEventAction> = {
  async admin_get_contests(input, ctx) {
    const { rows, total } = await listAdminContests(ctx.db, ctx.services.clock, input);
    return paged(rows, total);
  },

  async admin_get_contest({ contest_id, timezone }, ctx) {
    return adminContest(ctx.db, ctx.services.clock, contest_id, timezone);
  },

  async admin_save_contest(input, ctx) {
    const { id, before, after } = await saveContest(ctx.db, ctx.services.clock, {
      ...input,
      image: ctx.files.image?.buffer,
    });
    audited(ctx, { target: `contest:${id}`, before, after });
    return adminContest(ctx.db, ctx.services.clock, id, input.timezone);
  },

  async admin_delete_contest({ contest_id }, ctx) {
    const before = await deleteContest(ctx.db, ctx.services.clock, contest_id);
    audited(ctx, { target: `contest:${contest_id}`, before, after: null });
    return { deleted: true as const };
  },

  async admin_get_contest_results({ contest_id, offset, limit }, ctx) {
    const { rows, total } = await contestResults(ctx.db, { contestId: contest_id, offset, limit });
    return paged(rows, total);
  },

  async admin_get_exams(input, ctx) {
    const { rows, total } = await listAdminExams(ctx.db, input);
    return paged(rows, total);
  },

  async admin_get_exam({ exam_id, timezone }, ctx) {
    return adminExam(ctx.db, exam_id, timezone);
  },

  async admin_save_exam(input, ctx) {
    const { id, before, after } = await saveExam(ctx.db, input);
    audited(ctx, { target: `exam:${id}`, before, after });
    return adminExam(ctx.db, id, input.timezone);
  },

  async admin_delete_exam({ exam_id }, ctx) {
    const before = await deleteExam(ctx.db, exam_id);
    audited(ctx, { target: `exam:${exam_id}`, before, after: null });
    return { deleted: true as const };
  },

  async admin_get_exam_results({ exam_id, offset, limit }, ctx) {
    const { rows, total } = await examResults(ctx.db, { examId: exam_id, offset, limit });
    return paged(rows, total);
  },
};
