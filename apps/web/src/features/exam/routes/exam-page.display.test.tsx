import 'fake-indexeddb/auto';
import { APP } from '@abhyas/contracts';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { attemptSection, timedAttempt } from '@/testing/fake-exam';
import { click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { eachTestItsOwnAttempt, examRoutes, heading, openExam, press, stateOf, ui } from './exam-page.harness';

/** The exam screen's text size and high contrast: the controls, what they change, and how they are kept. */
eachTestItsOwnAttempt('display');

/** A token as the server signs it, for the user `sub` (the screen reads only its subject). */
const tokenFor = (sub: string) => `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub, ver: 0 })).replace(/=+$/, '')}.signature`;
const signInAs = (sub: string) => localStorage.setItem(APP.authTokenKey, tokenFor(sub));

const screen = () => {
  const found = ui.page.container.querySelector<HTMLElement>('[style*="--type-scale"]');
  if (!found) throw new Error('No exam screen');
  return found;
};
const scale = () => screen().style.getPropertyValue('--type-scale');
const contrast = () => screen().dataset.contrast ?? 'standard';
const announced = () => ui.page.container.querySelector('header [role="status"]')?.textContent ?? '';
// A text-size button's name is its mark and its words ("A+ Larger text"): found by the words.
const button = (name: string) => getButton(ui.page.container, new RegExp(`(^|\\s)${name}$`));
const stored = (sub: string) => JSON.parse(localStorage.getItem(`abhyasExamDisplay:${sub}`) ?? 'null') as unknown;

/** Opens the screen again as a reload would, recording the size and theme it first showed. */
async function reopen() {
  ui.page.unmount();
  const first: string[] = [];
  const observer = new MutationObserver(() => {
    const found = document.querySelector<HTMLElement>('[style*="--type-scale"]');
    if (found && first.length === 0) first.push(`${found.style.getPropertyValue('--type-scale')} ${found.dataset.contrast ?? 'standard'}`);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  ui.page = await renderRoutes(examRoutes, `/attempts/${ui.id}`);
  await waitFor(() => expect(heading()).toMatch(/^Question \d+ of \d+/));
  observer.disconnect();
  return first[0];
}

describe('the exam screen’s text size and contrast', () => {
  it('steps the text through four sizes, says each to screen readers and stops at either end', async () => {
    signInAs('user-7');
    await openExam(timedAttempt());
    expect(scale()).toBe('1');
    expect(button('Standard text size').getAttribute('aria-pressed')).toBe('true');
    expect(button('Smaller text').getAttribute('aria-disabled')).toBe('true');

    click(button('Larger text'));
    expect(scale()).toBe('1.15');
    expect(announced()).toBe('Text size 115%');
    expect(button('Standard text size').getAttribute('aria-pressed')).toBe('false');
    click(button('Larger text'));
    click(button('Larger text'));
    expect(scale()).toBe('1.5');
    expect(announced()).toBe('Text size 150%');
    expect(button('Larger text').getAttribute('aria-disabled')).toBe('true');
    click(button('Larger text'));
    expect(scale()).toBe('1.5');

    click(button('Smaller text'));
    expect(scale()).toBe('1.3');
    expect(announced()).toBe('Text size 130%');
    click(button('Standard text size'));
    expect(scale()).toBe('1');
    expect(announced()).toBe('Text size 100%');
    expect(stored('user-7')).toEqual({ textSize: 100, highContrast: false });
  });

  it('keeps the size and high contrast for the candidate on this device: a reload opens with them, another candidate does not', async () => {
    signInAs('user-7');
    await openExam(timedAttempt());
    const toggle = button('High contrast');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    click(toggle);
    expect(contrast()).toBe('high');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    click(button('Larger text'));
    click(button('Larger text'));
    expect(stored('user-7')).toEqual({ textSize: 130, highContrast: true });

    // The first render already has them: nothing changes size or colour after the screen appears.
    expect(await reopen()).toBe('1.3 high');
    expect(button('High contrast').getAttribute('aria-pressed')).toBe('true');

    signInAs('user-8');
    expect(await reopen()).toBe('1 standard');
    expect(stored('user-8')).toBeNull();
  });

  it('falls back to the standard display when what is stored is not a choice it knows', async () => {
    signInAs('user-9');
    localStorage.setItem('abhyasExamDisplay:user-9', JSON.stringify({ textSize: 400, highContrast: 'yes' }));
    await openExam(timedAttempt());
    expect(`${scale()} ${contrast()}`).toBe('1 standard');

    localStorage.setItem('abhyasExamDisplay:user-9', '{not json');
    expect(await reopen()).toBe('1 standard');

    localStorage.setItem('abhyasExamDisplay:user-9', JSON.stringify({ textSize: 115, highContrast: true }));
    expect(await reopen()).toBe('1.15 high');
  });

  it('puts the controls behind one button on a phone, which Escape closes, giving focus back, as does a tap elsewhere', async () => {
    await openExam(timedAttempt());
    const open = button('Text size and contrast');
    const panel = document.getElementById(open.getAttribute('aria-controls') ?? '')!;
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(panel.className).toMatch(/(^| )hidden( |$)/);
    click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(panel.className).not.toMatch(/(^| )hidden( |$)/);
    expect(panel.querySelector('[role="group"]')?.textContent).toContain('Text size');

    button('Larger text').focus();
    await press('Escape', document.activeElement!);
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(open);

    // A tap inside keeps it open, a tap anywhere else closes it.
    click(open);
    act(() => void button('Larger text').dispatchEvent(new Event('pointerdown', { bubbles: true })));
    expect(open.getAttribute('aria-expanded')).toBe('true');
    act(() => void document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })));
    expect(open.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the keyboard shortcuts while focus is on the display controls', async () => {
    const { exam } = await openExam(timedAttempt());
    await waitFor(() => expect(stateOf(1)).toBe('notAnswered'));
    const larger = button('Larger text');
    larger.focus();
    await press('2', larger);
    await press('s', larger);
    expect(heading()).toBe('Question 2 of 6');
    expect(stateOf(1)).toBe('answered');
    await waitFor(() => expect(exam.answer('q1')).toMatchObject({ optionIds: ['B'], state: 'answered' }));
  });

  it('opens the submit summary from the header, without the palette, with every state’s column named', async () => {
    const base = timedAttempt();
    await openExam(
      timedAttempt({
        sections: [attemptSection({ id: 's1', title: 'English' }), attemptSection({ id: 's2', title: 'Reasoning' })],
        questions: base.questions.map((q) => ({ ...q, sectionId: q.number <= 3 ? 's1' : 's2' })),
      }),
    );
    const submits = [...ui.page.container.querySelectorAll('button')].filter((b) => b.textContent === 'Submit');
    // One in the header (below `lg`), one at the palette's foot (from `lg` up).
    expect(submits).toHaveLength(2);
    expect(submits[0]!.closest('header')).not.toBeNull();
    click(submits[0]!);
    const dialog = await waitFor(() => ui.page.container.querySelector('dialog[open]')!);
    const heads = [...dialog.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(heads).toEqual(['Section', 'Not visited', 'Not answered', 'Answered', 'Marked for review', 'Answered and marked for review']);
    expect([...dialog.querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual(['English', 'Reasoning', 'All sections']);
    // The phone's key under the table, naming the shapes that head its columns.
    expect([...dialog.querySelectorAll('[aria-hidden="true"] li')].map((li) => li.textContent)).toEqual(heads.slice(1));
  });
});
