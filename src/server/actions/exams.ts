import { resolveLanguageId } from '../domain/languages';
import { saveExamAnswer } from '../domain/exam-answers';
import { EXAM_GRACE_SECONDS, listExams, startExam, submitExam } from '../domain/exams';
import { me, type Handlers } from '../http/context';

export const examHandlers: Handlers<
  'get_exam_module' | 'get_exam_module_questions' | 'set_exam_module_answer' | 'set_exam_module_result'
> = {
  async get_exam_module({ language_id, type, offset, limit, timezone, gmt_format }, ctx) {
    const languageId = await resolveLanguageId(ctx.db, ctx.services.settings, language_id);
    return listExams(ctx.db, me(ctx).id, { languageId, type, offset, limit, timezone, gmt_format });
  },
  async get_exam_module_questions({ exam_module_id, exam_key, rules_accepted, timezone, gmt_format }, ctx) {
    const userId = me(ctx).id;
    const limits = ctx.services.rateLimits;
    await limits.examKeyAllowed(userId, exam_module_id);
    return startExam(ctx.db, userId, {
      examId: exam_module_id,
      key: exam_key,
      rulesAccepted: rules_accepted ?? false,
      onWrongKey: () => limits.examKeyWrong(userId, exam_module_id),
      timezone,
      gmt_format,
    });
  },
  async set_exam_module_answer({ exam_module_id, question_id, answer, revision }, ctx) {
    return saveExamAnswer(ctx.db, me(ctx).id, {
      examId: exam_module_id,
      questionId: question_id,
      answer,
      revision,
      graceSeconds: EXAM_GRACE_SECONDS,
    });
  },
  async set_exam_module_result({ exam_module_id, answers, rules_violated, captured_question_ids }, ctx) {
    return submitExam(ctx.db, me(ctx).id, {
      examId: exam_module_id,
      answers,
      rulesViolated: rules_violated,
      captured: captured_question_ids,
    });
  },
};
