import type { SystemConfigurations } from '../../../core/contract';
import { DEFAULT_BATTLE_RULES, type BattleRules } from '../../../core/rules/battle';
import { DEFAULT_PAYOUT_RULES } from '../../../core/rules/payout';
import { DEFAULT_REWARD_RULES } from '../../../core/rules/reward-rules';

/** The system configuration with the rules' defaults, for the guide's tests; `over` changes some. */
export function testConfig(
  over: Partial<Omit<SystemConfigurations, 'battle'>> = {},
  battle: Partial<BattleRules> = {},
): SystemConfigurations {
  return {
    ...DEFAULT_REWARD_RULES,
    ...DEFAULT_PAYOUT_RULES,
    language_mode: '1',
    maintenance_mode: '0',
    maintenance_message: '',
    default_language_id: 1,
    app_name: 'QuizHub',
    leaderboard_timezone: 'UTC',
    disabled_modes: [],
    contact_email: '',
    contact_phone: '',
    contact_address: '',
    ...over,
    battle: { ...DEFAULT_BATTLE_RULES, ...battle },
  };
}
