import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, type ActionSpec } from '../../core/contract';
import { PLAY_MODES, type PlayMode } from '../../core/contract/play-modes';
import { call } from '../test-support/client';
import { createAdmin, createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// An operator who switches a mode off (system configuration's disabled_modes) has every way of
// starting it refused to players with 403 mode_disabled; the other modes, and a cancel, still go.

let t: TestApp;
let admin: Player;
let system: Record<string, unknown>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app, t.db);
  system = (await as<{ system: Record<string, unknown> }>(admin, 'admin_get_settings')).body.data.system;
});
afterAll(() => t.close());

function as<T>(p: Player, action: string, fields: Record<string, unknown> = {}) {
  return call<T>(t.app, action, fields, { token: p.token, ip: p.ip });
}

async function switchOff(modes: PlayMode[]) {
  const r = await as(admin, 'admin_set_system_config', { config: { ...system, disabled_modes: modes } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** Each way of starting a mode, with input the contract accepts (whether the thing exists or not). */
const STARTS: [string, Record<string, unknown>, PlayMode][] = [
  ['get_questions_by_level', { category: 'science', subcategory: 'physics', level: 1 }, 'quiz_zone'],
  ['get_daily_quiz', {}, 'daily_quiz'],
  ['get_questions_by_type', { type: 2 }, 'true_false'],
  ['get_fun_n_learn_questions', { fun_n_learn_id: 1 }, 'fun_and_learn'],
  ['get_guess_the_word', { type: 'category', type_id: 1 }, 'guess_the_word'],
  ['get_questions_for_self_challenge', { category_slug: 'science', limit: 5, minutes: 5 }, 'self_challenge'],
  ['get_audio_questions', { type: 'category', type_id: 1 }, 'audio_questions'],
  ['get_maths_questions', { type: 'category', type_id: 1 }, 'maths_mania'],
  ['get_multi_match_questions_by_level', { category: 'science', subcategory: 'physics', level: 1 }, 'multi_match'],
  ['get_exam_module_questions', { exam_module_id: 1, exam_key: 'x', rules_accepted: 1 }, 'exam'],
  ['get_questions_by_contest', { contest_id: 1 }, 'contest'],
  ['get_random_questions', { category: 'science' }, 'one_vs_one_battle'],
  ['play_with_bot', { category: 'science' }, 'one_vs_one_battle'],
  ['create_room', { room_type: 'friend', category: 'science' }, 'one_vs_one_battle'],
  ['create_room', { room_type: 'group', category: 'science', max_players: 4 }, 'group_battle'],
];

describe('modes switched off by the operator', () => {
  it('names a mode on every action that starts one, and every mode has a start', () => {
    const marked = Object.entries(ACTIONS)
      .filter(([, spec]) => (spec as ActionSpec).mode)
      .map(([name]) => name);
    expect(new Set(STARTS.map(([name]) => name))).toEqual(new Set(marked));
    expect(new Set(STARTS.map(([, , mode]) => mode))).toEqual(new Set(PLAY_MODES));
  });

  it('refuses every start of a mode switched off, and only of that one', async () => {
    const p = await createPlayer(t.app);
    try {
      await switchOff([...PLAY_MODES]);
      for (const [name, fields] of STARTS) {
        const r = await as(p, name, fields);
        expect(r.status, name).toBe(403);
        expect(r.body.code, name).toBe('mode_disabled');
        expect(r.body.message, name).toBe('This mode is switched off for now.');
      }
      // Bad input is still told as bad input first.
      const bad = await as(p, 'get_questions_by_level', { category: '<script>', level: -1 });
      expect(bad.status).toBe(400);
      // A cancel starts nothing: a player waiting for an opponent can still leave.
      const cancel = await as(p, 'get_random_questions', { match_id: 'r_none', destroy_match: 1 });
      expect(cancel.body.code).not.toBe('mode_disabled');

      // Only the modes listed: the quiz zone off leaves the daily quiz on.
      await switchOff(['quiz_zone']);
      const zone = await as(p, 'get_questions_by_level', STARTS[0]![1]);
      expect(zone.body.code).toBe('mode_disabled');
      const daily = await as(p, 'get_daily_quiz', {});
      expect(daily.status, JSON.stringify(daily.body)).toBe(200);
      // A group room off leaves a friend's room on (create_room picks by room_type).
      await switchOff(['group_battle']);
      expect((await as(p, 'create_room', STARTS[14]![1])).body.code).toBe('mode_disabled');
      expect((await as(p, 'create_room', STARTS[13]![1])).body.code).not.toBe('mode_disabled');
    } finally {
      await switchOff([]);
    }
    // Back on: the quiz zone opens again.
    const again = await as(p, 'get_questions_by_level', STARTS[0]![1]);
    expect(again.body.code).not.toBe('mode_disabled');
  });
});
