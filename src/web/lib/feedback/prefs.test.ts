// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cue } from './cues';
import {
  DEFAULT_FEEDBACK,
  feedbackPrefs,
  resetFeedbackPrefsForTest,
  setFeedbackPrefs,
  subscribeFeedbackPrefs,
} from './prefs';

beforeEach(() => {
  localStorage.clear();
  resetFeedbackPrefsForTest();
});
afterEach(() => vi.unstubAllGlobals());

describe('sound and vibration settings on this device', () => {
  it('start with effects and vibration on, music off', () => {
    expect(feedbackPrefs()).toEqual({ effects: true, music: false, vibration: true });
    expect(DEFAULT_FEEDBACK.music).toBe(false);
  });

  it('are kept on the device and told to who follows them', () => {
    const heard = vi.fn();
    const off = subscribeFeedbackPrefs(heard);
    setFeedbackPrefs({ effects: false, music: true });
    expect(heard).toHaveBeenCalledTimes(1);
    off();
    resetFeedbackPrefsForTest();
    expect(feedbackPrefs()).toEqual({ effects: false, music: true, vibration: true });
  });

  it('read a damaged or hostile stored value as the defaults, field by field', () => {
    localStorage.setItem('quizhub.feedback', '{"effects":"yes","music":true,"vibration":null,"__proto__":{"x":1}}');
    expect(feedbackPrefs()).toEqual({ effects: true, music: true, vibration: true });
    resetFeedbackPrefsForTest();
    localStorage.setItem('quizhub.feedback', 'not json');
    expect(feedbackPrefs()).toEqual(DEFAULT_FEEDBACK);
  });

  it('vibrate only when vibration is on, with a double buzz for a wrong answer', () => {
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, vibrate });
    cue('wrong');
    expect(vibrate).toHaveBeenLastCalledWith([70, 50, 70]);
    setFeedbackPrefs({ vibration: false });
    cue('right');
    expect(vibrate).toHaveBeenCalledTimes(1);
  });
});
