import 'fake-indexeddb/auto';
import type { Attempt } from '@abhyas/contracts';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { bilingualQuestion, timedAttempt } from '@/testing/fake-exam';
import { click, getButton, getByLabel, renderRoutes, selectOption, waitFor } from '@/testing/render';
import { viewStore } from '../utils/device-store';
import { eachTestItsOwnAttempt, examRoutes, heading, openExam, option, ui } from './exam-page.harness';

eachTestItsOwnAttempt('lang');

/** A test offered in English and Hindi, every question in both. */
const bilingualAttempt = (overrides: Partial<Attempt> = {}) =>
  timedAttempt({
    test: { id: 't1', slug: 'daily-quiz', title: 'Daily quiz', languages: ['en', 'hi'] },
    questions: [1, 2, 3].map((n) => bilingualQuestion(n, { sectionId: 's1' })),
    ...overrides,
  }, { count: 3 });

const stem = () => ui.page.container.querySelector('section .prose');
const optionText = (letter: string) => option(letter).closest('label')?.textContent ?? '';
const viewIn = () => getByLabel<HTMLSelectElement>(ui.page.container, 'View In');
const hasViewIn = () => [...ui.page.container.querySelectorAll('label')].some((l) => l.textContent === 'View In');
const defaultLanguage = () => getByLabel<HTMLSelectElement>(ui.page.container.querySelector('header')!, 'Default language');

describe('the exam in two languages', () => {
  it('shows a question in another of its languages with "View In", the answer staying under its letter', async () => {
    const { exam, saves } = await openExam(bilingualAttempt());
    expect(stem()?.textContent).toBe('Stem of question 1');
    expect(viewIn().value).toBe('en');
    expect([...viewIn().options].map((o) => [o.value, o.textContent, o.lang])).toEqual([
      ['en', 'English', 'en'],
      ['hi', 'हिन्दी', 'hi'],
    ]);

    click(option('B'));
    selectOption(viewIn(), 'hi');
    expect(stem()?.textContent).toBe('प्रश्न 1 का पाठ');
    expect(stem()?.getAttribute('lang')).toBe('hi');
    expect(optionText('B')).toContain('विकल्प B of 1');
    expect(option('B').checked).toBe(true);
    await waitFor(() => expect(exam.state.attempt.view).toEqual({ language: 'en', questions: { q1: 'hi' } }));

    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(exam.answer('q1')?.optionIds).toEqual(['B']));
    expect(saves().find((s) => s.question === 'q1' && s.optionIds.length > 0)).toMatchObject({ optionIds: ['B'] });
    // The next question keeps the default.
    expect(heading()).toBe('Question 2 of 3');
    expect(stem()?.textContent).toBe('Stem of question 2');
    expect(viewIn().value).toBe('en');

    // Back to English for question 1: its own choice is gone, the default holds again.
    click(getButton(ui.page.container, 'Previous'));
    expect(stem()?.textContent).toBe('प्रश्न 1 का पाठ');
    selectOption(viewIn(), 'en');
    await waitFor(() => expect(exam.state.attempt.view).toEqual({ language: 'en', questions: {} }));
    expect(option('B').checked).toBe(true);
  });

  it('switches every question from the header: the default changes and each question’s own choice is cleared', async () => {
    const { exam } = await openExam(bilingualAttempt({ view: { language: 'en', questions: { q2: 'hi' } } }));
    expect(defaultLanguage().value).toBe('en');
    selectOption(defaultLanguage(), 'hi');
    expect(stem()?.textContent).toBe('प्रश्न 1 का पाठ');
    await waitFor(() => expect(exam.state.attempt.view).toEqual({ language: 'hi', questions: {} }));
    click(getButton(ui.page.container, 'Save & Next'));
    expect(stem()?.textContent).toBe('प्रश्न 2 का पाठ');
    expect(viewIn().value).toBe('hi');

    selectOption(defaultLanguage(), 'en');
    expect(stem()?.textContent).toBe('Stem of question 2');
    await waitFor(() => expect(exam.state.attempt.view).toEqual({ language: 'en', questions: {} }));
  });

  it('keeps a change made without a connection on the device, through a reload, and sends it when the connection returns', async () => {
    const { exam } = await openExam(bilingualAttempt());
    await waitFor(() => expect(exam.answer('q1')?.state).toBe('notAnswered'));
    exam.state.offline = true;
    selectOption(defaultLanguage(), 'hi');
    expect(stem()?.textContent).toBe('प्रश्न 1 का पाठ');
    let stored: Awaited<ReturnType<typeof viewStore.load>>;
    for (let tries = 0; !(stored?.unsent && stored.view.language === 'hi') && tries < 50; tries += 1) {
      stored = await viewStore.load(ui.id);
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
    expect(stored).toEqual({ view: { language: 'hi', questions: {} }, unsent: true });
    expect(exam.state.attempt.view).toEqual({ language: 'en', questions: {} });
    ui.page.unmount();

    // The page opens again with the connection back: the server still says English, the device Hindi.
    exam.state.offline = false;
    ui.page = await renderRoutes(examRoutes, `/attempts/${ui.id}`);
    await waitFor(() => expect(stem()?.textContent).toBe('प्रश्न 1 का पाठ'));
    await waitFor(() => expect(exam.state.attempt.view).toEqual({ language: 'hi', questions: {} }));

    // Offline again: the change waits, and goes when the browser says the connection is back.
    exam.state.offline = true;
    selectOption(viewIn(), 'en');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(exam.state.attempt.view).toEqual({ language: 'hi', questions: {} });
    exam.state.offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(exam.state.attempt.view).toEqual({ language: 'hi', questions: { q1: 'en' } }));
  });

  it('takes the view of the device that took over, and keeps it after "Continue here"', async () => {
    const { exam } = await openExam(bilingualAttempt());
    await waitFor(() => expect(exam.answer('q1')?.state).toBe('notAnswered'));
    exam.viewElsewhere({ language: 'hi', questions: { q1: 'en' } });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(ui.page.container.textContent).toContain('This attempt continues on another device'));
    await waitFor(() => expect(defaultLanguage().value).toBe('hi'));
    expect(stem()?.textContent).toBe('Stem of question 1');

    click(getButton(ui.page.container, 'Continue here'));
    await waitFor(() => expect(getButton(ui.page.container, 'Save & Next').disabled).toBe(false));
    expect(defaultLanguage().value).toBe('hi');
    click(getButton(ui.page.container, 'Save & Next'));
    expect(stem()?.textContent).toBe('प्रश्न 2 का पाठ');
  });

  it('offers no language choice for a test in one language, and shows a question without the other in its own', async () => {
    await openExam(timedAttempt({ questions: [1, 2].map((n) => bilingualQuestion(n, { sectionId: 's1' })) }, { count: 2 }));
    expect(ui.page.container.querySelector('select')).toBeNull();
    expect(stem()?.textContent).toBe('Stem of question 1');
    ui.page.unmount();
  });

  it('opens in the server’s default language', async () => {
    await openExam(bilingualAttempt({ view: { language: 'hi', questions: {} }, questions: [bilingualQuestion(1, { sectionId: 's1' }), { ...bilingualQuestion(2, { sectionId: 's1' }), translation: null }] }));
    expect(stem()?.textContent).toBe('प्रश्न 1 का पाठ');
    click(getButton(ui.page.container, 'Save & Next'));
    // Question 2 has no Hindi: it is shown in English, and "View In" has nothing to offer.
    expect(stem()?.textContent).toBe('Stem of question 2');
    expect(hasViewIn()).toBe(false);
    click(getButton(ui.page.container, 'Previous'));
    expect(hasViewIn()).toBe(true);
  });
});
