import { describe, expect, it } from 'vitest';
import { challengeWindow, resultsProvisional } from './challenge-window.js';

const HOUR = 3_600_000;
const WINDOW = 24 * HOUR;
const at = (h: number) => Date.UTC(2026, 10, 27) + h * HOUR;

describe('the challenge window', () => {
  const contest = { submittedAt: at(1), contestEndsAt: at(2), revealAt: null, practice: false };
  it('opens a contest paper from the contest end for the window, and closes it after', () => {
    expect(challengeWindow(contest, at(1.5), WINDOW)).toEqual({ open: false, closesAt: at(26), reason: 'Challenges open when the contest ends' });
    expect(challengeWindow(contest, at(2), WINDOW)).toEqual({ open: true, closesAt: at(26), reason: null });
    expect(challengeWindow(contest, at(26) - 1, WINDOW).open).toBe(true);
    expect(challengeWindow(contest, at(26), WINDOW)).toEqual({ open: false, closesAt: at(26), reason: 'The challenge window has closed: the answer key is final' });
  });

  it('opens a mock test once the candidate may see the key, with no end', () => {
    expect(challengeWindow({ submittedAt: at(1), contestEndsAt: null, revealAt: null, practice: false }, at(1000), WINDOW)).toEqual({ open: true, closesAt: null, reason: null });
    expect(challengeWindow({ submittedAt: at(1), contestEndsAt: null, revealAt: at(5), practice: false }, at(4), WINDOW).open).toBe(false);
    expect(challengeWindow({ submittedAt: at(1), contestEndsAt: null, revealAt: at(5), practice: false }, at(5), WINDOW).open).toBe(true);
  });

  it('never opens before submission or for practice', () => {
    expect(challengeWindow({ ...contest, submittedAt: null }, at(3), WINDOW).open).toBe(false);
    expect(challengeWindow({ ...contest, practice: true }, at(3), WINDOW).open).toBe(false);
  });

  it('keeps a contest result provisional until the window closes', () => {
    expect(resultsProvisional(at(2), at(25), WINDOW)).toBe(true);
    expect(resultsProvisional(at(2), at(26), WINDOW)).toBe(false);
    expect(resultsProvisional(null, at(3), WINDOW)).toBe(false);
  });
});
