import type { SystemConfigurations } from '../../../core/contract';
import type { PlayMode } from '../../../core/contract/play-modes';
import type { GuideKey } from '../../lib/guide-i18n';

type FactOf<K> = K extends `howTo.fact.${infer F}` ? F : never;
type FactName = FactOf<GuideKey>;

/** One line of a mode's rules: a text of the guide's catalogue and the numbers it names. */
export interface ModeFact {
  name: FactName;
  values: Record<string, number>;
}

/** A mode's section on the how-to-play page. */
export interface ModeGuide {
  mode: PlayMode;
  facts: ModeFact[];
}

/**
 * The spec's exam rule (core/rules/exam's EXAM_AWAY_LIMIT_MS, which a test holds this to), written
 * out: importing the rules module would split it into a chunk of its own for this one number.
 */
export const EXAM_AWAY_SECONDS = 5;

const fact = (name: FactName, values: Record<string, number> = {}): ModeFact => ({ name, values });

type Facts = (c: SystemConfigurations) => ModeFact[];

const curve: Facts = (c) => [
  fact('coinCurve', { full: c.quiz_coin_full_percentage, floor: c.quiz_coin_floor_percentage }),
];
const points: Facts = (c) => [fact('points', { n: c.score_per_correct })];
const lifelines: Facts = (c) => [fact('lifelines', { n: c.lifeline_cost })];
const speed: Facts = ({ battle }) =>
  [...battle.speed_bonuses]
    .sort((x, y) => x.within_ms - y.within_ms)
    .map((s) => fact('speedBonus', { bonus: s.bonus, n: s.within_ms / 1000 }));

/**
 * Every mode's facts, each amount from the configuration in effect, in the order of the home
 * grid (a record over every mode: a new mode does not compile until it has its section).
 */
const SECTIONS: Record<PlayMode, Facts> = {
  quiz_zone: (c) => [
    fact('questions', { n: c.quiz_zone_questions_per_level }),
    fact('seconds', { n: c.quiz_zone_question_seconds }),
    fact('passMark', { n: c.quiz_zone_pass_percentage }),
    fact('levelCoins', { n: c.quiz_zone_max_coins }),
    ...curve(c),
    ...points(c),
    ...lifelines(c),
  ],
  daily_quiz: (c) => [
    fact('questions', { n: c.daily_quiz_questions }),
    fact('seconds', { n: c.daily_quiz_question_seconds }),
    fact('dailyCoins', { n: c.daily_quiz_max_coins }),
    ...curve(c),
    ...points(c),
    ...lifelines(c),
  ],
  true_false: (c) => [
    fact('questions', { n: c.true_false_questions }),
    fact('seconds', { n: c.true_false_question_seconds }),
    fact('trueFalseCoins', { n: c.true_false_max_coins, times: c.true_false_rewarded_per_day }),
    ...curve(c),
    ...points(c),
    fact('lifelinesTrueFalse', { n: c.lifeline_cost }),
  ],
  fun_and_learn: (c) => [
    fact('seconds', { n: c.fun_n_learn_question_seconds }),
    fact('textCoins', { n: c.fun_n_learn_max_coins }),
    ...curve(c),
    ...points(c),
  ],
  guess_the_word: (c) => [
    fact('seconds', { n: c.guess_the_word_question_seconds }),
    fact('roundCoins', { n: c.guess_the_word_max_coins, pass: c.quiz_zone_pass_percentage }),
    fact('hints', { cost: c.guess_the_word_hint_cost, max: c.guess_the_word_max_hints }),
    ...curve(c),
    ...points(c),
  ],
  self_challenge: (c) => [
    fact('selfLimits', { questions: c.self_challenge_max_questions, minutes: c.self_challenge_max_minutes }),
    fact('noCoins'),
  ],
  audio_questions: (c) => [
    fact('seconds', { n: c.audio_question_seconds }),
    fact('roundCoins', { n: c.audio_max_coins, pass: c.quiz_zone_pass_percentage }),
    ...curve(c),
  ],
  maths_mania: (c) => [
    fact('seconds', { n: c.maths_question_seconds }),
    fact('roundCoins', { n: c.maths_max_coins, pass: c.quiz_zone_pass_percentage }),
    ...curve(c),
  ],
  multi_match: (c) => [
    fact('seconds', { n: c.multi_match_question_seconds }),
    fact('passMark', { n: c.quiz_zone_pass_percentage }),
    fact('levelCoins', { n: c.multi_match_max_coins }),
    ...curve(c),
  ],
  exam: () => [fact('examOnce'), fact('examAway', { n: EXAM_AWAY_SECONDS }), fact('examMarks')],
  contest: () => [fact('contestFee'), fact('contestPrizes')],
  one_vs_one_battle: (c) => [
    fact('battleFee', { n: c.battle.random_battle_entry_fee }),
    fact('friendFee'),
    fact('botFree', { n: c.battle.search_seconds }),
    fact('questions', { n: c.battle.random_battle_questions }),
    fact('seconds', { n: c.battle.round_seconds }),
    fact('battlePoints', { n: c.battle.points_per_correct }),
    ...speed(c),
    fact('draw'),
  ],
  group_battle: (c) => [
    fact('groupSeats', { min: c.battle.group_battle_min_players, max: c.battle.group_battle_max_players }),
    fact('groupPot'),
    fact('seconds', { n: c.battle.round_seconds }),
    fact('battlePoints', { n: c.battle.points_per_correct }),
    ...speed(c),
  ],
};

/** The how-to-play sections: each mode on offer (switched-off modes left out) with its rules. */
export function modeGuides(c: SystemConfigurations): ModeGuide[] {
  const off = new Set<string>(c.disabled_modes ?? []);
  return (Object.keys(SECTIONS) as PlayMode[])
    .filter((mode) => !off.has(mode))
    .map((mode) => ({ mode, facts: SECTIONS[mode](c) }));
}
