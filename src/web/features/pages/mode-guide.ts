import type { SystemConfigurations } from '../../../core/contract';
import { EXAM_AWAY_LIMIT_MS } from '../../../core/rules/exam';
import { modesOnOffer, type PlayMode } from '../../../core/rules/play-modes';
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

const fact = (name: FactName, values: Record<string, number> = {}): ModeFact => ({ name, values });

/** The facts of one mode, every amount taken from the configuration in effect. */
function factsOf(mode: PlayMode, c: SystemConfigurations): ModeFact[] {
  const curve = fact('coinCurve', { full: c.quiz_coin_full_percentage, floor: c.quiz_coin_floor_percentage });
  const points = fact('points', { n: c.score_per_correct });
  const lifelines = fact('lifelines', { n: c.lifeline_cost });
  const b = c.battle;
  const speed = [...b.speed_bonuses]
    .sort((x, y) => x.within_ms - y.within_ms)
    .map((s) => fact('speedBonus', { bonus: s.bonus, n: s.within_ms / 1000 }));
  switch (mode) {
    case 'quiz_zone':
      return [
        fact('questions', { n: c.quiz_zone_questions_per_level }),
        fact('seconds', { n: c.quiz_zone_question_seconds }),
        fact('passMark', { n: c.quiz_zone_pass_percentage }),
        fact('levelCoins', { n: c.quiz_zone_max_coins }),
        curve,
        points,
        lifelines,
      ];
    case 'daily_quiz':
      return [
        fact('questions', { n: c.daily_quiz_questions }),
        fact('seconds', { n: c.daily_quiz_question_seconds }),
        fact('dailyCoins', { n: c.daily_quiz_max_coins }),
        curve,
        points,
        lifelines,
      ];
    case 'true_false':
      return [
        fact('questions', { n: c.true_false_questions }),
        fact('seconds', { n: c.true_false_question_seconds }),
        fact('trueFalseCoins', { n: c.true_false_max_coins, times: c.true_false_rewarded_per_day }),
        curve,
        points,
        fact('lifelinesTrueFalse', { n: c.lifeline_cost }),
      ];
    case 'fun_and_learn':
      return [
        fact('seconds', { n: c.fun_n_learn_question_seconds }),
        fact('textCoins', { n: c.fun_n_learn_max_coins }),
        curve,
        points,
      ];
    case 'guess_the_word':
      return [
        fact('seconds', { n: c.guess_the_word_question_seconds }),
        fact('roundCoins', { n: c.guess_the_word_max_coins, pass: c.quiz_zone_pass_percentage }),
        fact('hints', { cost: c.guess_the_word_hint_cost, max: c.guess_the_word_max_hints }),
        curve,
        points,
      ];
    case 'self_challenge':
      return [
        fact('selfLimits', { questions: c.self_challenge_max_questions, minutes: c.self_challenge_max_minutes }),
        fact('noCoins'),
      ];
    case 'audio_questions':
      return [
        fact('seconds', { n: c.audio_question_seconds }),
        fact('roundCoins', { n: c.audio_max_coins, pass: c.quiz_zone_pass_percentage }),
        curve,
      ];
    case 'maths_mania':
      return [
        fact('seconds', { n: c.maths_question_seconds }),
        fact('roundCoins', { n: c.maths_max_coins, pass: c.quiz_zone_pass_percentage }),
        curve,
      ];
    case 'multi_match':
      return [
        fact('seconds', { n: c.multi_match_question_seconds }),
        fact('passMark', { n: c.quiz_zone_pass_percentage }),
        fact('levelCoins', { n: c.multi_match_max_coins }),
        curve,
      ];
    case 'exam':
      return [fact('examOnce'), fact('examAway', { n: EXAM_AWAY_LIMIT_MS / 1000 }), fact('examMarks')];
    case 'contest':
      return [fact('contestFee'), fact('contestPrizes')];
    case 'one_vs_one_battle':
      return [
        fact('battleFee', { n: b.random_battle_entry_fee }),
        fact('friendFee'),
        fact('botFree', { n: b.search_seconds }),
        fact('questions', { n: b.random_battle_questions }),
        fact('seconds', { n: b.round_seconds }),
        fact('battlePoints', { n: b.points_per_correct }),
        ...speed,
        fact('draw'),
      ];
    case 'group_battle':
      return [
        fact('groupSeats', { min: b.group_battle_min_players, max: b.group_battle_max_players }),
        fact('groupPot'),
        fact('seconds', { n: b.round_seconds }),
        fact('battlePoints', { n: b.points_per_correct }),
        ...speed,
      ];
  }
}

/** The how-to-play sections: each mode on offer (switched-off modes left out) with its rules. */
export function modeGuides(c: SystemConfigurations): ModeGuide[] {
  return modesOnOffer(c.disabled_modes).map((mode) => ({ mode, facts: factsOf(mode, c) }));
}
