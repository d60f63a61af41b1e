import type { AdminExamDetail } from '../../../../core/contract';
import type { PickedQuestion } from './event-data';
import { todayIn } from './zones';

/** What the exam form edits (text as typed; the schema reads it as the server does). */
export interface ExamValues {
  [key: string]: unknown;
  exam_id?: number;
  title: string;
  language_id: string;
  start_date: string;
  end_date: string;
  exam_key: string;
  duration: string;
  description: string;
  questions: PickedQuestion[];
  timezone: string;
}

/** A new exam: open today for a week, 30 minutes. */
export function blankExam(zone: string, languageId: number | null): ExamValues {
  return {
    title: '',
    language_id: languageId ? String(languageId) : '',
    start_date: todayIn(zone),
    end_date: todayIn(zone, 7),
    exam_key: '',
    duration: '30',
    description: '',
    questions: [],
    timezone: zone,
  };
}

/** The form's values for a saved exam. */
export function examValues(e: AdminExamDetail, zone: string): ExamValues {
  return {
    exam_id: e.id,
    title: e.title,
    language_id: String(e.language_id),
    start_date: e.starts_on,
    end_date: e.ends_on,
    exam_key: e.exam_key,
    duration: String(e.duration),
    description: e.description,
    questions: e.questions.map((q) => ({
      ...{ id: q.id, type: q.type, question: q.question },
      ...{ marks: String(q.marks), off: q.status === 0 },
    })),
    timezone: zone,
  };
}

/** The values as admin_save_exam's fields. */
export function examInput(v: ExamValues): Record<string, unknown> {
  return {
    exam_id: v.exam_id,
    title: v.title,
    language_id: v.language_id,
    start_date: v.start_date,
    end_date: v.end_date,
    exam_key: v.exam_key,
    duration: v.duration,
    description: v.description,
    questions: v.questions.map((q) => ({ question_id: q.id, marks: q.marks })),
    timezone: v.timezone,
  };
}

/** What an edit sends: the fields that changed, with the operator's zone (what "today" is). */
export function changedExamInput(next: Record<string, unknown>, saved: Record<string, unknown> | null) {
  if (!saved) return next;
  const out: Record<string, unknown> = { exam_id: next.exam_id, timezone: next.timezone };
  for (const [k, v] of Object.entries(next)) if (JSON.stringify(v) !== JSON.stringify(saved[k])) out[k] = v;
  return out;
}

/** The exam's total marks as the operator types them (a mark not yet a number counts 0). */
export function totalMarks(rows: readonly { marks: string }[]): number {
  return rows.reduce((sum, q) => sum + (/^\d+$/.test(q.marks.trim()) ? Number(q.marks) : 0), 0);
}
