import { DEFAULT_REWARD_RULES } from '../../core/rules/reward-rules';
import { sql } from '../db/client';

/**
 * The human floor in milliseconds (`human_floor_ms` of system configuration, else the default)
 * as a SQL expression, to read in the statement that grades an answer: the battle's room
 * operations may run in a worker thread without the settings cache, and an operator's change
 * then applies to the next answer on every node. A value that is not a number counts as unset.
 */
export const HUMAN_FLOOR_MS_SQL = sql`coalesce((SELECT CASE WHEN jsonb_typeof(s.value -> 'human_floor_ms') = 'number'
    THEN greatest((s.value ->> 'human_floor_ms')::float8, 0) END FROM settings s WHERE s.key = 'system'),
  ${DEFAULT_REWARD_RULES.human_floor_ms}::float8)`;
