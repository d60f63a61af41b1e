import { QUESTION_TYPES, type AdminQuestionDetail, type QuestionType } from '../../../../core/contract';
import type { FormValues } from '../ui/form-kit';
import { AUDIO_MODE, BANK_MODES, ROUND_MODES, TEXT_MODE, WORD_MODE } from './mode-names';
import { answerCells, type AnswerDraft } from './question-draft';
import type { MediaValue } from './MediaField';

/**
 * The types a category's mode can play: guess the word words only, exams and contests multiple
 * choice and true/false, every other mode anything but words.
 */
export function typesOf(mode: number | null): QuestionType[] {
  if (mode === null) return [...QUESTION_TYPES];
  if (BANK_MODES.includes(mode)) return ['mcq', 'true_false'];
  return QUESTION_TYPES.filter((q) => (mode === WORD_MODE) === (q === 'word'));
}

/** Where a new question starts: the list's filters or the text it was asked for (?language=&category=...). */
export function newQuestionValues(params: URLSearchParams): FormValues {
  return {
    language_id: params.get('language') ?? '',
    category_id: params.get('category') ?? '',
    subcategory_id: params.get('subcategory') ?? '',
    comprehension_id: params.get('text') ?? '',
    type: params.get('type') ?? 'mcq',
    question: '',
    explanation: '',
    level: params.get('level') ?? '1',
    marks: '1',
    latex: '0',
    status: '1',
  };
}

/** A saved question's form values (its answer part is read by draftFromFields). */
export function questionValues(q: AdminQuestionDetail): FormValues {
  return {
    id: q.id,
    language_id: String(q.language_id),
    category_id: String(q.category_id),
    subcategory_id: q.subcategory_id ? String(q.subcategory_id) : '',
    comprehension_id: q.comprehension_id ? String(q.comprehension_id) : '',
    type: q.type,
    question: q.question,
    explanation: q.explanation,
    level: String(q.level),
    marks: String(q.marks),
    latex: q.latex ? '1' : '0',
    status: String(q.status),
  };
}

const orNone = (v: unknown) => (v === '' || v === undefined ? undefined : v);

/**
 * What admin_save_question is sent: the placement (a fun-and-learn question by its text, whose
 * subcategory it takes; otherwise its subcategory or 0 for none), the texts, the answer's cells,
 * and the media paths unless a file replaces them.
 */
export function questionFields(
  v: FormValues,
  mode: number | null,
  draft: AnswerDraft,
  media: { image: MediaValue; audio: MediaValue },
): FormValues {
  const type = v.type as QuestionType;
  const byText = mode === TEXT_MODE;
  return {
    ...v,
    language_id: orNone(v.language_id),
    category_id: orNone(v.category_id),
    subcategory_id: byText ? undefined : v.subcategory_id || '0',
    comprehension_id: byText ? orNone(v.comprehension_id) : '0',
    ...answerCells(type, draft),
    image: media.image.file ? undefined : media.image.path,
    audio: media.audio.file ? undefined : media.audio.path,
  };
}

/** The placement a mode needs that is missing, by field (the server checks it too). */
export function placementProblems(
  v: FormValues,
  mode: number | null,
  audio: MediaValue,
): Record<string, PlacementProblem> {
  const out: Record<string, PlacementProblem> = {};
  if (!v.category_id) out.category_id = 'chooseCategory';
  if (mode === TEXT_MODE && !v.comprehension_id) out.comprehension_id = 'chooseText';
  if (mode !== null && ROUND_MODES.includes(mode) && !v.subcategory_id) out.subcategory_id = 'chooseSubcategory';
  if (mode === AUDIO_MODE && !audio.path && !audio.file) out.audio = 'audioRequired';
  return out;
}

export type PlacementProblem = 'chooseCategory' | 'chooseText' | 'chooseSubcategory' | 'audioRequired';
