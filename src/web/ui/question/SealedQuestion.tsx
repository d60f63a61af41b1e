import { useId, type Ref } from 'react';
import type { PlayQuestion, SealedQuestion } from '../../../core/contract';
import { useTranslation } from '../../lib/use-translation';
import { AudioPlayer } from './AudioPlayer';
import { ChoiceQuestion } from './ChoiceQuestion';
import { MatchQuestion } from './MatchQuestion';
import { MultiSelectQuestion } from './MultiSelectQuestion';
import type { RendererProps } from './renderer-props';
import { Rich } from './Rich';
import { SequenceQuestion } from './SequenceQuestion';
import { useQuestionLang } from './use-question-lang';

/**
 * A sealed question (exams, contests: no answer is sent) as the play renderers take it. The
 * answer stays empty: the renderers only read it to reveal, and nothing is revealed here.
 */
export function asPlayQuestion(q: SealedQuestion): PlayQuestion {
  return { ...q, answer: '', explanation: '', bookmarked: false };
}

/**
 * An exam question with the solo renderers in their whole-quiz mode: every change is recorded
 * at once (no Check, no verdict) and may be changed again until the exam is submitted. A word
 * question is a plain text field: the letter board needs the word, which a sealed question
 * does not carry.
 */
export function ExamQuestionBody({
  q,
  saved,
  onAnswer,
  headingRef,
}: {
  q: SealedQuestion;
  saved: string | null;
  onAnswer: (answer: string) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const lang = useQuestionLang();
  const props: RendererProps = {
    q: asPlayQuestion(q),
    revealed: null,
    saved,
    totalClock: true,
    locked: false,
    onAnswer,
  };
  return (
    <>
      {q.image && <img src={q.image} alt="" className="question-image" />}
      {/* Heard or not, an exam's answers stay open: the clock is the whole exam's. */}
      {q.audio && <AudioPlayer key={`audio-${q.id}`} src={q.audio} heard onHeard={() => undefined} />}
      <h2 className="question-text" id={`q-${q.id}`} tabIndex={-1} ref={headingRef} {...lang}>
        <Rich text={q.question} latex={q.latex} />
      </h2>
      {/* One renderer per question: its local state starts from the answer saved for it. */}
      <Renderer key={`answer-${q.id}`} props={props} />
    </>
  );
}

function Renderer({ props }: { props: RendererProps }) {
  switch (props.q.question_type) {
    case 'multi_select':
      return <MultiSelectQuestion {...props} />;
    case 'sequence':
      return <SequenceQuestion {...props} />;
    case 'match':
      return <MatchQuestion {...props} />;
    case 'word':
      return <WordField saved={props.saved} onAnswer={props.onAnswer} />;
    default:
      return <ChoiceQuestion {...props} removed={[]} poll={undefined} />;
  }
}

/** A typed word, recorded as it is typed (the server compares it letter-insensitively). */
export function WordField({ saved, onAnswer }: { saved: string | null; onAnswer: (answer: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field sealed-word">
      <label htmlFor={id}>{t('exam.play.word')}</label>
      <input
        id={id}
        defaultValue={saved ?? ''}
        maxLength={100}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="auto"
        placeholder={t('exam.play.wordPlaceholder')}
        onChange={(e) => onAnswer(e.target.value)}
        data-testid="word-input"
      />
    </div>
  );
}
