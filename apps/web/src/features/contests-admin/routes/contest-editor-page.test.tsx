import { APP, type AdminContest, type ContestInput } from '@abhyas/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { contest } from '@/testing/contest-fixtures';
import { apiError, fakeApi } from '@/testing/fake-api';
import { adminTest } from '@/testing/fixtures';
import { alerts, cleanUpPages, click, getButton, getByLabel, renderRoutes, selectOption, typeInto, waitFor } from '@/testing/render';
import { ContestEditorPage } from './contest-editor-page';

const routes = [
  { path: '/admin/contests/new', Component: ContestEditorPage },
  { path: '/admin/contests/:id/edit', Component: ContestEditorPage },
];

let page: Awaited<ReturnType<typeof renderRoutes>>;
afterEach(cleanUpPages);

function saved(input: ContestInput, overrides: Partial<AdminContest> = {}): AdminContest {
  return {
    ...contest({ id: 'c9', title: input.title, slug: 'ai-open', status: 'draft', priceAmount: input.priceAmount, totalSeats: input.totalSeats }),
    published: false,
    cancelledAt: null,
    testTitle: 'AI paper',
    entries: { confirmed: 0, pending: 0 },
    createdAt: '2026-11-24T08:00:00.000Z',
    updatedAt: '2026-11-24T08:00:00.000Z',
    ...overrides,
  };
}

const tests = { body: { data: [adminTest({ id: 't-ai', title: 'AI paper' })], total: 1, page: 1, pageSize: 50 } };

describe('the contest editor', () => {
  it('sends the price and prizes in paise and the start as the local time with its offset', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const net = fakeApi({
      'GET /api/admin/tests': () => tests,
      'POST /api/admin/contests': (request) => ({ status: 201, body: { data: saved(request.body as ContestInput) } }),
      'GET /api/admin/contests/c9': () => ({ body: { data: saved(net.calls('POST /api/admin/contests')[0]!.body as ContestInput) } }),
    });
    page = await renderRoutes(routes, '/admin/contests/new');
    const form = page.container;
    await waitFor(() => expect(getByLabel<HTMLSelectElement>(form, 'Test').options.length).toBe(2));
    typeInto(getByLabel(form, 'Title'), 'AI Open');
    selectOption(getByLabel<HTMLSelectElement>(form, 'Icon'), 'ai');
    selectOption(getByLabel<HTMLSelectElement>(form, 'Level'), 'Advanced');
    selectOption(getByLabel<HTMLSelectElement>(form, 'Test'), 't-ai');
    typeInto(getByLabel(form, 'Starts at'), '2026-12-01T10:00');
    typeInto(getByLabel(form, 'Duration (minutes)'), '30');
    typeInto(getByLabel(form, 'Seats'), '100');
    typeInto(getByLabel(form, 'Entry price (₹)'), '999');
    typeInto(getByLabel(form, 'Freeze the board (minutes before the end)'), '5');
    click(getButton(form, 'Add a prize line'));
    typeInto(getByLabel(form, 'Amount (₹)'), '5,000');
    click(getByLabel(form, 'Published: candidates can see and join it'));
    click(getButton(form, 'Save'));

    await waitFor(() => expect(page.router.state.location.pathname).toBe('/admin/contests/c9/edit'));
    const body = net.calls('POST /api/admin/contests')[0]?.body as ContestInput;
    expect(body).toMatchObject({ title: 'AI Open', icon: 'ai', level: 'Advanced', testId: 't-ai', durationMinutes: 30, totalSeats: 100, priceAmount: 99_900, freezeMinutes: 5, published: true });
    expect(body.prizes).toEqual([{ fromRank: 1, toRank: 1, kind: 'cash', amount: 500_000, description: '' }]);
    expect(Date.parse(body.startsAt)).toBe(new Date(2026, 11, 1, 10, 0).getTime());
    expect(body.startsAt).toMatch(/[+-]\d\d:\d\d$/);
  });

  it('checks the form before sending, and puts the server’s refusals on their fields', async () => {
    const net = fakeApi({
      'GET /api/admin/tests': () => tests,
      'POST /api/admin/contests': () => apiError(400, 'VALIDATION_FAILED', 'Some fields need attention', [{ field: 'totalSeats', message: 'Seats cannot be fewer than the 12 entries' }]),
    });
    page = await renderRoutes(routes, '/admin/contests/new');
    await waitFor(() => expect(getByLabel<HTMLSelectElement>(page.container, 'Test').options.length).toBe(2));
    typeInto(getByLabel(page.container, 'Entry price (₹)'), 'a lot');
    click(getButton(page.container, 'Save'));
    await waitFor(() => expect(page.container.textContent).toContain('Title is required'));
    expect(page.container.textContent).toContain('Price must be a number');
    expect(net.calls('POST /api/admin/contests')).toHaveLength(0);

    typeInto(getByLabel(page.container, 'Title'), 'AI Open');
    typeInto(getByLabel(page.container, 'Entry price (₹)'), '0');
    selectOption(getByLabel<HTMLSelectElement>(page.container, 'Test'), 't-ai');
    typeInto(getByLabel(page.container, 'Starts at'), '2026-12-01T10:00');
    click(getButton(page.container, 'Save'));
    await waitFor(() => expect(alerts(page.container)).toContain('Some fields need attention'));
    expect(getByLabel(page.container, 'Seats').getAttribute('aria-invalid')).toBe('true');
    expect(page.container.textContent).toContain('Seats cannot be fewer than the 12 entries');
    expect((net.calls('POST /api/admin/contests')[0]?.body as ContestInput).priceAmount).toBe(0);
  });

  it('shows the entries and cancels with a reason', async () => {
    const existing = saved({ title: 'AI Open', priceAmount: 99_900, totalSeats: 100 } as ContestInput, { status: 'upcoming', published: true, entries: { confirmed: 7, pending: 2 }, prizes: [{ fromRank: 1, toRank: 1, kind: 'cash', amount: 500_000, description: '' }] });
    const net = fakeApi({
      'GET /api/admin/tests': () => tests,
      'GET /api/admin/contests/c9': () => ({ body: { data: existing } }),
      'POST /api/admin/contests/c9/cancel': () => ({ body: { data: { ...existing, status: 'cancelled', cancelledAt: '2026-11-24T09:00:00.000Z' } } }),
    });
    page = await renderRoutes(routes, '/admin/contests/c9/edit');
    await waitFor(() => expect(page.container.textContent).toContain('7 confirmed, 2 awaiting payment'));
    expect(getByLabel(page.container, 'Entry price (₹)').value).toBe('999');
    expect(getByLabel(page.container, 'Amount (₹)').value).toBe('5000');
    expect(page.container.textContent).toContain('9 seats are taken by entries');

    click(getButton(page.container, 'Cancel contest'));
    expect(page.container.textContent).toContain('Say why the contest is cancelled');
    typeInto(getByLabel<HTMLTextAreaElement>(page.container, 'Reason'), 'The paper leaked');
    click(getButton(page.container, 'Cancel contest'));
    const dialog = page.container.querySelector('dialog')!;
    click(getButton(dialog, 'Cancel contest'));
    await waitFor(() => expect(net.calls('POST /api/admin/contests/c9/cancel')[0]?.body).toEqual({ reason: 'The paper leaked' }));
    await waitFor(() => expect(page.container.querySelector('section[aria-labelledby="cancel-title"]')).toBeNull());
    // Cancelled, the contest is kept as it was.
    expect(page.container.querySelector('fieldset')?.disabled).toBe(true);
    expect(() => getButton(page.container, 'Save')).toThrow();
  });
});

describe('the contest editor’s paper', () => {
  it('says what choosing a paper means, and warns of questions candidates have already seen', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const paper = { testId: 't-ai', attempted: false, questions: 15, seenElsewhere: 4 };
    const net = fakeApi({
      'GET /api/admin/tests': () => tests,
      'GET /api/admin/contests/paper': () => ({ body: { data: paper } }),
    });
    page = await renderRoutes(routes, '/admin/contests/new');
    const form = page.container;
    await waitFor(() => expect(getByLabel<HTMLSelectElement>(form, 'Test').options.length).toBe(2));
    expect(form.textContent).not.toContain('takes it off every candidate’s list of mock tests');
    selectOption(getByLabel<HTMLSelectElement>(form, 'Test'), 't-ai');
    await waitFor(() => expect(form.textContent).toContain('Candidates have already seen 4 of this test’s 15 questions in practice or in other tests.'));
    expect(net.calls('GET /api/admin/contests/paper')[0]!.query.get('testId')).toBe('t-ai');
    expect(form.textContent).toContain('Choosing a mock test as the paper takes it off every candidate’s list of mock tests for as long as a contest runs it.');
    expect(form.textContent).toContain('Candidates see the paper’s answers and explanations only after the contest ends, whatever the test’s own setting.');
    expect(form.textContent).not.toContain('Candidates have already attempted this test');
  });

  it('warns that a test candidates have attempted cannot be the paper', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    fakeApi({
      'GET /api/admin/tests': () => tests,
      'GET /api/admin/contests/paper': () => ({ body: { data: { testId: 't-ai', attempted: true, questions: 15, seenElsewhere: 0 } } }),
    });
    page = await renderRoutes(routes, '/admin/contests/new');
    await waitFor(() => expect(getByLabel<HTMLSelectElement>(page.container, 'Test').options.length).toBe(2));
    selectOption(getByLabel<HTMLSelectElement>(page.container, 'Test'), 't-ai');
    await waitFor(() => expect(page.container.textContent).toContain('Candidates have already attempted this test: a contest needs a paper nobody has seen. Choose another test.'));
    expect(page.container.textContent).not.toContain('Candidates have already seen');
  });
});
