import { APP } from '@abhyas/contracts';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueItem } from '@/testing/challenge-fixtures';
import { fakeApi } from '@/testing/fake-api';
import { adminTest, user } from '@/testing/fixtures';
import { alerts, cleanUpPages, click, getButton, getByLabel, renderRoutes, selectOption, typeInto, waitFor } from '@/testing/render';
import { AdminChallengesPage } from './admin-challenges-page';

let page: Awaited<ReturnType<typeof renderRoutes>>;
beforeEach(() => localStorage.setItem(APP.authTokenKey, 'tok'));
afterEach(cleanUpPages);

const decision = { id: 'd1', questionId: 'q1', version: 2, testId: 't1', action: 'change' as const, correctOptionIds: ['B' as const], note: 'New Delhi is the capital.', decidedAt: '2026-05-14T09:00:00.000Z' };

function server() {
  let decided = false;
  return fakeApi({
    'GET /api/users/profile': () => ({ body: { user: user({ role: 'editor' }) } }),
    'GET /api/admin/tests': () => ({ body: { data: [adminTest({ id: 't1', title: 'SSC CGL Mock 1' }), adminTest({ id: 't2', title: 'SSC CGL Mock 2' })], total: 2, page: 1, pageSize: 100 } }),
    'GET /api/admin/challenges': ({ query }) => {
      if (query.get('status') === 'resolved') return { body: { data: [queueItem({ decision, options: queueItem().options.map((o) => ({ ...o, correct: o.id === 'B' })) })] } };
      if (decided || query.get('testId') === 't2') return { body: { data: [] } };
      return { body: { data: [queueItem(), queueItem({ questionId: 'q9', version: 1, test: null, itemStats: null, flaggedByStatistics: false, comments: [] })] } };
    },
    'POST /api/admin/questions/q1/key-decisions': () => {
      decided = true;
      return { body: { data: { decision, remarked: 120, changed: 87 } } };
    },
    'POST /api/admin/challenges/resolve': () => ({ body: { data: { resolved: 3 } } }),
  });
}

const cards = () => [...page.container.querySelectorAll('article')];
const radio = (scope: ParentNode, text: string) => {
  const label = [...scope.querySelectorAll('label')].find((l) => l.textContent?.startsWith(text));
  if (!label) throw new Error(`No choice "${text}"`);
  return label.querySelector('input')!;
};

describe('the editors’ challenge queue', () => {
  it('shows each question with its key, what candidates said and its item analysis, and filters by status and test', async () => {
    const net = server();
    page = await renderRoutes([{ path: '/admin/challenges', Component: AdminChallengesPage }], '/admin/challenges');
    await waitFor(() => expect(cards()).toHaveLength(2));
    await waitFor(() => expect(page.container.querySelector('nav a[href="/admin/challenges"]')?.textContent).toBe('Challenges'));
    const card = cards()[0]!.textContent ?? '';
    expect(card).toContain('In SSC CGL Mock 1');
    expect(card).toContain('Version 2');
    expect(card).toContain('6 challenges and reports');
    expect(card).toContain('Flagged by statistics');
    // The key in force is named in words beside its option, not shown by colour alone.
    const keyed = [...cards()[0]!.querySelectorAll('ul[aria-label] li')].map((li) => li.textContent);
    expect(keyed).toEqual(['A.Mumbai✓ Key', 'B.New Delhi', 'C.Kolkata']);
    expect(card).toContain('The key is wrong5');
    expect(card).toContain('The question has an error1');
    expect(card).toContain('Comments (1)');
    expect(card).toContain('New Delhi is the capital.');
    expect(card).toContain('Facility20% right');
    expect(card).toContain('Discrimination−0.31');
    expect(card).toContain('Likely wrong key');
    const meters = [...cards()[0]!.querySelectorAll('[role="meter"]')].map((m) => `${m.getAttribute('aria-label')}: ${m.getAttribute('aria-valuetext')}`);
    expect(meters).toEqual(['Top third choosing A: 10%', 'Bottom third choosing A: 40%', 'Top third choosing B: 85%', 'Bottom third choosing B: 30%', 'Top third choosing C: 5%', 'Bottom third choosing C: 30%']);
    expect(cards()[1]!.textContent).toContain('Outside any test');
    expect(cards()[1]!.textContent).not.toContain('Item analysis');

    selectOption(getByLabel<HTMLSelectElement>(page.container, 'Test'), 't2');
    await waitFor(() => expect(page.container.textContent).toContain('Nothing waits for a decision.'));
    expect(net.calls('GET /api/admin/challenges').at(-1)?.query.get('testId')).toBe('t2');
    expect(page.router.state.location.search).toBe('?testId=t2');

    click(getButton(page.container, 'Resolved'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(net.calls('GET /api/admin/challenges').at(-1)?.query.get('status')).toBe('resolved');
    const resolved = cards()[0]!.querySelector('[role="note"]')!.textContent;
    expect(resolved).toContain('Change the key');
    expect(resolved).toContain('Right options: B');
    expect(resolved).toContain('For this test.');
    expect(resolved).toContain('Note: New Delhi is the capital.');
  });

  it('decides on a key after a confirmation, sends the decision as the contract says, and tells what the re-marking did', async () => {
    const success = vi.spyOn(toast, 'success');
    const net = server();
    page = await renderRoutes([{ path: '/admin/challenges', Component: AdminChallengesPage }], '/admin/challenges');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const card = cards()[0]!;
    const form = card.querySelector('form')!;

    // Nothing is sent without a decision and a note.
    click(getButton(form, 'Decide and re-mark'));
    expect(form.textContent).toContain('Choose a decision.');
    click(radio(form, 'Change the key'));
    click(getButton(form, 'Decide and re-mark'));
    expect(form.textContent).toContain('Choose the right options');
    expect(form.textContent).toContain('Write a note: candidates read it');
    expect(net.calls('POST /api/admin/questions/q1/key-decisions')).toHaveLength(0);

    click(radio(form, 'B.'));
    typeInto(getByLabel<HTMLTextAreaElement>(form, 'Note to candidates'), ' New Delhi is the capital. ');
    // This test is the scope unless the editor widens it.
    expect(radio(form, 'This test only: SSC CGL Mock 1').checked).toBe(true);
    click(getButton(form, 'Decide and re-mark'));
    const dialog = form.querySelector('dialog')!;
    await waitFor(() => expect(dialog.open).toBe(true));
    expect(dialog.textContent).toContain('Every submitted attempt at SSC CGL Mock 1 is re-marked by this decision, and each candidate whose score changes is told.');
    click(getButton(dialog, 'Re-mark'));

    await waitFor(() => expect(net.calls('POST /api/admin/questions/q1/key-decisions')).toHaveLength(1));
    expect(net.calls('POST /api/admin/questions/q1/key-decisions')[0]!.body).toEqual({ version: 2, testId: 't1', action: 'change', correctOptionIds: ['B'], note: 'New Delhi is the capital.' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Re-marked 120 attempts; 87 scores changed'));
    await waitFor(() => expect(page.container.textContent).toContain('Nothing waits for a decision.'));
  });

  it('accepts two options for every test that used a version, and offers only that scope for a question outside any test', async () => {
    const net = server();
    page = await renderRoutes([{ path: '/admin/challenges', Component: AdminChallengesPage }], '/admin/challenges');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const outside = cards()[1]!.querySelector('form')!;
    expect(outside.querySelectorAll('input[type="radio"][value="test"]')).toHaveLength(0);
    expect(outside.textContent).toContain('Applies to: Every test that used version 1 of the question');

    const first = cards()[0]!.querySelector('form')!;
    click(radio(first, 'Accept more than one option'));
    click(radio(first, 'C.'));
    click(radio(first, 'B.'));
    click(radio(first, 'Every test that used version 2'));
    typeInto(getByLabel<HTMLTextAreaElement>(first, 'Note to candidates'), 'Both are accepted.');
    click(getButton(first, 'Decide and re-mark'));
    expect(first.querySelector('dialog')!.textContent).toContain('Every submitted attempt that was given version 2 of this question is re-marked');
    click(getButton(first.querySelector('dialog')!, 'Re-mark'));
    await waitFor(() => expect(net.calls('POST /api/admin/questions/q1/key-decisions')).toHaveLength(1));
    // Options in bank order, whatever order they were ticked in; no test: every test that used the version.
    expect(net.calls('POST /api/admin/questions/q1/key-decisions')[0]!.body).toEqual({ version: 2, action: 'accept', correctOptionIds: ['B', 'C'], note: 'Both are accepted.' });
  });

  it('closes a question’s reports as fixed with a reply', async () => {
    const success = vi.spyOn(toast, 'success');
    const net = server();
    page = await renderRoutes([{ path: '/admin/challenges', Component: AdminChallengesPage }], '/admin/challenges');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const form = cards()[0]!.querySelectorAll('form')[1]!;
    click(getButton(form, 'Close reports'));
    expect(form.textContent).toContain('Write a reply: the reporters read it');
    expect(net.calls('POST /api/admin/challenges/resolve')).toHaveLength(0);
    typeInto(getByLabel<HTMLTextAreaElement>(form, 'Reply to the reporters'), 'The stem is corrected.');
    click(getButton(form, 'Close reports'));
    await waitFor(() => expect(net.calls('POST /api/admin/challenges/resolve')).toHaveLength(1));
    expect(net.calls('POST /api/admin/challenges/resolve')[0]!.body).toEqual({ questionId: 'q1', resolution: 'fixed', reply: 'The stem is corrected.' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Closed 3 reports'));
    expect(alerts(form)).toEqual([]);
  });
});
