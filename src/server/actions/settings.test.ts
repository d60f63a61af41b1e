import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppLanguage, ContentLanguage, HomeSettings, SystemConfig, WebSettings } from '../../core/contract';
import { call } from '../test-support/client';
import { createAdmin } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('settings', () => {
  it('answers every settings page and refuses unknown ones', async () => {
    for (const type of ['about_us', 'contact_us', 'privacy_policy', 'terms_conditions', 'instructions']) {
      const res = await call<{ message: string }>(t.app, 'get_settings', { type });
      expect(res.status).toBe(200);
      expect(res.body.data.message.length).toBeGreaterThan(10);
    }
    expect((await call(t.app, 'get_settings', { type: 'passwords' })).body).toMatchObject({
      code: 'invalid_input',
      field: 'type',
    });
    expect((await call(t.app, 'get_settings', {})).status).toBe(400);
  });

  it('answers the demo pages in the interface language until the operator writes their own', async () => {
    type Page = { message: string; is_default: boolean };
    const en = await call<Page>(t.app, 'get_settings', { type: 'faq' });
    const ar = await call<Page>(t.app, 'get_settings', { type: 'faq', language: 'ar' });
    expect(ar.body.data.is_default).toBe(true);
    expect(ar.body.data.message).toMatch(/[\u0600-\u06FF]/);
    expect(ar.body.data.message).not.toBe(en.body.data.message);
    // French and Hindi have their own demo text; French is not English's, Hindi is in Devanagari.
    const fr = await call<Page>(t.app, 'get_settings', { type: 'faq', language: 'fr-FR' });
    expect(fr.body.data.message).toMatch(/pièces/);
    const hi = await call<Page>(t.app, 'get_settings', { type: 'faq', language: 'hi' });
    expect(hi.body.data.message).toMatch(/[\u0900-\u097F]/);
    // A language without its own demo text reads English.
    expect((await call<Page>(t.app, 'get_settings', { type: 'faq', language: 'de' })).body.data.message).toBe(
      en.body.data.message,
    );
    for (const language of ['<script>', 'a'.repeat(500), 'ar;DROP', 5]) {
      const bad = await call(t.app, 'get_settings', { type: 'faq', language });
      expect(bad.status, String(language)).toBe(400);
      expect(bad.body.field).toBe('language');
    }
    // The operator's own words win, in every language.
    const admin = await createAdmin(t.app, t.db);
    const set = await call(
      t.app,
      'admin_set_page',
      { type: 'faq', message: 'Ask us anything.' },
      { token: admin.token, ip: admin.ip },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    for (const language of ['en', 'ar', 'fr', 'hi']) {
      const own = await call<Page>(t.app, 'get_settings', { type: 'faq', language });
      expect(own.body.data).toMatchObject({ message: 'Ask us anything.', is_default: false });
    }
  });

  it('answers the system configuration with the reward defaults', async () => {
    const res = await call<SystemConfig>(t.app, 'get_system_configurations');
    expect(res.body.data).toMatchObject({
      language_mode: '1',
      score_per_correct: 4,
      quiz_coin_floor_percentage: 30,
      quiz_coin_full_percentage: 70,
      welcome_bonus: 10,
    });
  });

  it('answers web settings without secrets', async () => {
    const res = await call<WebSettings>(t.app, 'get_web_settings');
    expect(res.body.data).toMatchObject({ app_name: 'QuizHub', auth: { email: true, mobile: true, google: false } });
    expect(JSON.stringify(res.body.data)).not.toMatch(/secret|password|DATABASE/i);
  });

  it('answers home texts per content language', async () => {
    const en = await call<HomeSettings>(t.app, 'get_web_home_settings', { language_id: 1 });
    const ar = await call<HomeSettings>(t.app, 'get_web_home_settings', { language_id: 2 });
    expect(en.body.data.title).toMatch(/challenge/i);
    expect(ar.body.data.title).toMatch(/[\u0600-\u06FF]/);
  });

  it('lists content and interface languages, Arabic right-to-left', async () => {
    const content = await call<ContentLanguage[]>(t.app, 'get_languages');
    expect(content.body.data.map((l) => l.code)).toEqual(['en', 'ar', 'fr']);
    expect(content.body.data[0]!.is_default).toBe(true);
    const ui = await call<AppLanguage[]>(t.app, 'get_system_language_list', { from: 2 });
    expect(ui.body.data.find((l) => l.code === 'ar')).toMatchObject({ rtl: true });
    expect(ui.body.data.map((l) => [l.code, l.rtl])).toEqual([
      ['en', false],
      ['ar', true],
      ['fr', false],
      ['hi', false],
    ]);
    for (const language of ['fr', 'hi']) {
      const cat = await call<{ language: string }>(t.app, 'get_system_language_json', { from: 2, language });
      expect(cat.body.data.language).toBe(language);
    }
  });

  it('answers an interface catalogue and 404 for an unknown language', async () => {
    const en = await call<{ language: string; rtl: boolean }>(t.app, 'get_system_language_json', {
      from: 2,
      language: 'en',
    });
    expect(en.body.data).toMatchObject({ language: 'en', rtl: false });
    expect((await call(t.app, 'get_system_language_json', { from: 2, language: 'xx' })).status).toBe(404);
    expect((await call(t.app, 'get_system_language_json', { from: 2, language: '../../etc/passwd' })).status).toBe(400);
  });
});
