import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../lib/api-client';
import { answeredLevel, openLevel, startLevelCall } from '../features/modes/quiz-zone/level-call';
import { bootCallsAnswered } from './boot-calls';

function counting() {
  let n = 0;
  const fetch = vi.fn(async () => {
    n += 1;
    return new Response(JSON.stringify({ error: false, data: { call: n } }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  configureApi({ getToken: () => 'tok' });
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('calls started at boot', () => {
  it("a level's play screen opened directly takes the questions asked for at boot, once", async () => {
    const fetch = counting();
    startLevelCall('/quiz-zone/science/physics/3', 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(openLevel('science', 'physics', 3, 1)).resolves.toEqual({ call: 1 });
    // A second open (Try again, Play again) asks the server anew.
    await expect(openLevel('science', 'physics', 3, 1)).resolves.toEqual({ call: 2 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('another level, language or path is asked for by the page itself', async () => {
    const fetch = counting();
    startLevelCall('/quiz-zone/science/physics/3', 1);
    await expect(openLevel('science', 'physics', 4, 1)).resolves.toEqual({ call: 2 });
    await expect(openLevel('science', 'physics', 3, 2)).resolves.toEqual({ call: 3 });
    for (const path of ['/quiz-zone/science/physics', '/quiz-zone/science/physics/0', '/quiz-zone/a/b/x1', '/wallet'])
      startLevelCall(path, 1);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('a boot call older than 15 s is not used', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const fetch = counting();
    startLevelCall('/quiz-zone/science/physics/3', 1);
    vi.advanceTimersByTime(16_000);
    await expect(openLevel('science', 'physics', 3, 1)).resolves.toEqual({ call: 2 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("a boot call's failure reaches the page, and is never an unhandled rejection before", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: true, code: 'level_locked', message: 'Locked' }), { status: 403 }),
      ),
    );
    configureApi({ getToken: () => 'tok' });
    startLevelCall('/quiz-zone/science/physics/9', 1);
    await new Promise((r) => setTimeout(r, 10));
    await expect(openLevel('science', 'physics', 9, 1)).rejects.toMatchObject({ code: 'level_locked' });
  });

  it('a reply already come is taken once, for the first render, if the page can draw it', async () => {
    const fetch = counting();
    startLevelCall('/quiz-zone/science/physics/3', 1);
    const all = () => true;
    // Not come yet: nothing to draw; the page's own open takes the call later.
    expect(answeredLevel('science', 'physics', 3, 1, all)).toBeUndefined();
    await bootCallsAnswered(1000);
    // One the page cannot draw at once stays for its open.
    expect(answeredLevel('science', 'physics', 3, 1, () => false)).toBeUndefined();
    expect(answeredLevel('science', 'physics', 4, 1, all)).toBeUndefined();
    expect(answeredLevel('science', 'physics', 3, 1, all)).toEqual({ call: 1 });
    expect(answeredLevel('science', 'physics', 3, 1, all)).toBeUndefined();
    await expect(openLevel('science', 'physics', 3, 1)).resolves.toEqual({ call: 2 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('the first render waits for the boot calls at most the time it is given', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    configureApi({ getToken: () => 'tok' });
    startLevelCall('/quiz-zone/science/physics/5', 1);
    const t0 = performance.now();
    await bootCallsAnswered(50);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(45);
    expect(answeredLevel('science', 'physics', 5, 1, () => true)).toBeUndefined();
  });
});
