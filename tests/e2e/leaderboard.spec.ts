import { expect, test, type APIRequestContext } from '@playwright/test';
import { READ_MS, withAnswers } from './answer-sheet';
import { apiPlayer, loginByEmail, type Session } from './support';

async function call(request: APIRequestContext, action: string, data: Record<string, unknown>, token: string) {
  const res = await request.post(`/api/${action}`, { data, headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.data;
}

// A played quiz puts the player on the three boards; their own rank stays pinned under the list.
test('the leaderboard lists a played quiz on every tab with the own rank pinned', async ({ page, request }) => {
  const p = await apiPlayer(request, 'Lena Leader');
  const s = await call(
    request,
    'get_questions_by_level',
    { category: 'sports', subcategory: 'football-and-ball-games', level: 1, language_id: 1 },
    p.token,
  );
  const answers = withAnswers(s as Session).questions.map((q) => ({ question_id: q.id, answer: q.answer }));
  // Answers posted only at the finish share the session's time: a reader's time for each.
  await new Promise((ok) => setTimeout(ok, READ_MS * answers.length));
  const result = await call(
    request,
    'submit_quiz_answers',
    { session_id: s.session_id, answers: JSON.stringify(answers) },
    p.token,
  );
  const score = String(result.score_gain);
  await loginByEmail(page, p.email, p.password);
  await page.goto('/leaderboard');
  for (const tab of ['daily', 'monthly', 'global']) {
    await page.getByTestId(`leaderboard-${tab}`).click();
    const me = page.getByTestId('leaderboard-me');
    await expect(me).toContainText('Lena Leader');
    await expect(me.getByText('you', { exact: true })).toBeVisible();
    await expect(me).toContainText(score);
    await expect(me).toContainText(/#\d+/);
    await expect(page.getByTestId('leaderboard-rows')).toContainText('Lena Leader');
  }
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/leaderboard.png', fullPage: true });
});
