import { APP, type Contest, type PaymentStart } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { board, boardRow, contest, joined, paidContest, paidOrder } from '@/testing/contest-fixtures';
import { fakeApi } from '@/testing/fake-api';
import { timedAttempt } from '@/testing/fake-exam';
import { alerts, cleanUpPages, click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { formatTime } from '../utils/format-contest';
import { ContestPage } from './contest-page';

const routes = [
  { path: '/contests/:slug', Component: ContestPage },
  { path: '/attempts/:id', Component: () => <h1>Exam screen</h1> },
];

let page: Awaited<ReturnType<typeof renderRoutes>>;
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  localStorage.setItem(APP.authTokenKey, 'tok');
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  cleanUpPages();
  delete window.Razorpay;
});

/** The free contest, joined, started a minute ago. */
function runningJoined(): Contest {
  const now = Date.now();
  return joined(contest({ status: 'running', startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 19 * 60_000).toISOString(), registration: { open: false, reason: 'Registration closed when the contest started' } }));
}

const entrySection = () => page.container.querySelector('section[aria-labelledby="entry-title"]')!;
const signature = 'a'.repeat(64);

function pending(c: Contest): Contest {
  return { ...c, filledSeats: c.filledSeats + 1, entry: { status: 'pending', holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(), attemptId: null, rank: null, rankOf: null, prize: null, ratingBefore: null, ratingAfter: null, compensatoryTime: null } };
}

function payment(overrides: Partial<PaymentStart> = {}): PaymentStart {
  return {
    id: 'po1',
    provider: 'test',
    orderId: 'order_T1',
    amount: 99_900,
    currency: 'INR',
    keyId: null,
    checkoutUrl: '/api/payments/test-gateway/checkout/po1',
    holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    description: 'Artificial Intelligence contest entry',
    ...overrides,
  };
}

describe('a contest’s page', () => {
  it('joins a free contest at once and counts down to the start', async () => {
    const web = contest();
    const net = fakeApi({
      'GET /api/contests/web-development': () => ({ body: { data: web } }),
      'POST /api/contests/c-web/join': () => ({ body: { data: joined(web), payment: null } }),
    });
    page = await renderRoutes(routes, '/contests/web-development');
    await waitFor(() => expect(page.container.querySelector('h1')?.textContent).toBe('Web Development'));
    const text = page.container.textContent ?? '';
    expect(text).toContain('Rank goes by score (higher first), then time taken (shorter first), then the earlier submission.');
    expect(text).toContain('Scores are revealed when a candidate submits');
    expect(text).toContain('The public board freezes for the last 5 minutes');
    const prizes = [...page.container.querySelectorAll('section[aria-labelledby="prizes-title"] tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(prizes).toEqual([
      ['1', '₹1,000'],
      ['2–5', 'Certificate of merit'],
    ]);
    expect(entrySection().querySelector('[role="timer"]')?.textContent).toMatch(/^(03:00:00|02:59:5\d)$/);

    click(getButton(entrySection(), 'Join for free'));
    await waitFor(() => expect(entrySection().textContent).toContain('You are in.'));
    expect(entrySection().querySelector('h2')?.textContent).toBe('Your entry');
    expect(page.container.textContent).toContain('13/50 seats filled');
    expect(net.calls('POST /api/contests/c-web/join')).toHaveLength(1);
  });

  it('sends a paid join to the test provider’s checkout page', async () => {
    const ai = paidContest();
    const net = fakeApi({
      'GET /api/contests/artificial-intelligence': () => ({ body: { data: ai } }),
      'POST /api/contests/c-ai/join': () => ({ body: { data: pending(ai), payment: payment() } }),
    });
    page = await renderRoutes(routes, '/contests/artificial-intelligence');
    await waitFor(() => getButton(entrySection(), 'Pay ₹999 and join'));
    expect(entrySection().textContent).toContain('Your seat is held for 15 minutes while you pay.');
    click(getButton(entrySection(), 'Pay ₹999 and join'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/test-gateway/checkout/po1'));
    expect(net.calls('POST /api/contests/c-ai/join')).toHaveLength(1);
  });

  it('opens Razorpay Checkout with the order and verifies what it hands back', async () => {
    const ai = paidContest();
    const opened: Record<string, unknown>[] = [];
    window.Razorpay = class {
      constructor(private options: Record<string, unknown>) {
        opened.push(options);
      }
      on() {}
      open() {
        (this.options.handler as (r: object) => void)({ razorpay_order_id: 'order_R1', razorpay_payment_id: 'pay_R1', razorpay_signature: signature });
      }
    };
    const net = fakeApi({
      'GET /api/contests/artificial-intelligence': () => ({ body: { data: ai } }),
      'POST /api/contests/c-ai/join': () => ({ body: { data: pending(ai), payment: payment({ provider: 'razorpay', orderId: 'order_R1', keyId: 'rzp_test_key', checkoutUrl: null }) } }),
      'POST /api/payments/verify': () => ({ body: { data: paidOrder({ provider: 'razorpay' }), contest: joined(ai) } }),
    });
    page = await renderRoutes(routes, '/contests/artificial-intelligence');
    await waitFor(() => getButton(entrySection(), 'Pay ₹999 and join'));
    click(getButton(entrySection(), 'Pay ₹999 and join'));
    await waitFor(() => expect(entrySection().textContent).toContain('Payment received'));
    expect(opened[0]).toMatchObject({ key: 'rzp_test_key', order_id: 'order_R1', amount: 99_900, currency: 'INR' });
    expect(net.calls('POST /api/payments/verify')[0]?.body).toEqual({ razorpay_order_id: 'order_R1', razorpay_payment_id: 'pay_R1', razorpay_signature: signature });
    expect(entrySection().textContent).toContain('You are in.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('verifies the payment on return from the checkout, cleans the address and shows the candidate joined', async () => {
    const ai = paidContest();
    let verified = false;
    const net = fakeApi({
      'GET /api/contests/artificial-intelligence': () => ({ body: { data: verified ? joined(ai) : pending(ai) } }),
      'POST /api/payments/verify': () => {
        verified = true;
        return { body: { data: paidOrder(), contest: joined(ai) } };
      },
    });
    page = await renderRoutes(routes, `/contests/artificial-intelligence?razorpay_order_id=order_T1&razorpay_payment_id=pay_T1&razorpay_signature=${signature}`);
    await waitFor(() => expect(entrySection().textContent).toContain('Payment received'));
    expect(page.router.state.location.search).toBe('');
    expect(page.router.state.location.pathname).toBe('/contests/artificial-intelligence');
    expect(entrySection().textContent).toContain('You are in.');
    const calls = net.calls('POST /api/payments/verify');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ razorpay_order_id: 'order_T1', razorpay_payment_id: 'pay_T1', razorpay_signature: signature });
    expect(calls[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('says a failed payment failed, while the seat is held, and tries again', async () => {
    const ai = pending(paidContest());
    const net = fakeApi({
      'GET /api/contests/artificial-intelligence': () => ({ body: { data: ai } }),
      'POST /api/contests/c-ai/join': () => ({ body: { data: ai, payment: payment() } }),
    });
    page = await renderRoutes(routes, '/contests/artificial-intelligence?payment=failed');
    await waitFor(() => expect(alerts(entrySection()).join(' ')).toContain('The payment did not go through'));
    expect(alerts(entrySection()).join(' ')).toContain('Your seat stays held until');
    expect(page.router.state.location.search).toBe('');
    expect(entrySection().querySelector('[role="timer"]')?.getAttribute('aria-label')).toMatch(/^Seat held for: (00:15:00|00:14:5\d)$/);
    click(getButton(entrySection(), 'Try the payment again'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/test-gateway/checkout/po1'));
    expect(net.calls('POST /api/contests/c-ai/join')).toHaveLength(1);
  });

  it('enters a running contest on the exam screen', async () => {
    const running = runningJoined();
    const net = fakeApi({
      'GET /api/contests/web-development': () => ({ body: { data: running } }),
      'GET /api/contests/c-web/leaderboard': () => ({ body: { data: board() } }),
      'POST /api/contests/c-web/attempt': () => ({ status: 201, body: { data: timedAttempt({ id: 'a9' }), serverTime: new Date().toISOString(), created: true } }),
    });
    page = await renderRoutes(routes, '/contests/web-development');
    await waitFor(() => getButton(entrySection(), 'Enter contest'));
    click(getButton(entrySection(), 'Enter contest'));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/attempts/a9'));
    expect(net.calls('POST /api/contests/c-web/attempt')[0]?.headers['x-device-id']).toMatch(/^[0-9a-f]{32}$/);
    // In the language the site is read in: the paper's own first when it is not offered in it.
    expect(net.calls('POST /api/contests/c-web/attempt')[0]?.body).toEqual({ language: 'en' });
  });
});

describe('the live leaderboard', () => {
  it('shows the board from the event stream, with the candidate’s row pinned, and takes each update', async () => {
    const now = Date.now();
    const running = runningJoined();
    fakeApi({
      'GET /api/contests/web-development': () => ({ body: { data: running } }),
      'GET /api/contests/c-web/leaderboard': () => ({ body: { data: board() } }),
    });
    const json = globalThis.fetch;
    const encoder = new TextEncoder();
    let push!: (text: string) => void;
    let streamHeaders: Record<string, string> = {};
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/api/contests/c-web/leaderboard/stream')) return json(input, init);
      streamHeaders = init?.headers as Record<string, string>;
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void (push = (text) => controller.enqueue(encoder.encode(text))) });
      return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    });
    page = await renderRoutes(routes, '/contests/web-development');
    await waitFor(() => expect(push).toBeDefined());
    const me = boardRow({ rank: 3, name: 'Asha Verma', state: 'playing', score: null, answered: 4, timeTakenMs: null, submittedAt: null, isMe: true });
    push(`: ping\n\nevent: board\ndata: ${JSON.stringify(board({ total: 3, me, frozen: true, frozenAt: new Date(now + 14 * 60_000).toISOString() }))}\n\n`);
    const section = () => page.container.querySelector('section[aria-labelledby="board-title"]')!;
    await waitFor(() => expect(section().textContent).toContain('Live'));
    expect(streamHeaders.Authorization).toBe('Bearer tok');
    const pinned = section().querySelector('[role="group"]')!;
    expect([...pinned.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['3', 'Asha VermaYou', 'playing · 4 answered', '—']);
    const rows = () => [...section().querySelectorAll('table')].at(-1)!.querySelectorAll('tbody tr');
    expect([...rows()].map((tr) => [...tr.children].map((c) => c.textContent))).toEqual([
      // The time taken is in its own column and, for phones, under the score.
      ['1', 'Asha', '12 / 1512 min 5 s', '12 min 5 s'],
      ['2', 'Ravi', 'playing · 6 answered', '—'],
    ]);
    expect(section().textContent).toContain('The board is frozen');
    expect(section().textContent).toContain('Rank goes by score');

    push(`event: board\ndata: ${JSON.stringify(board({ rows: [boardRow({ name: 'Ravi', score: 14, timeTakenMs: 600_000 }), boardRow({ rank: 2 })], total: 2 }))}\n\n`);
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Ravi14 / 15'));
  });
});

describe('after the contest', () => {
  it('shows the final ranks with prizes and rating changes, the candidate’s result and a link to their analysis', async () => {
    const prize = { fromRank: 1, toRank: 1, kind: 'cash' as const, amount: 100_000, description: '' };
    const final = joined(contest({ status: 'final', startsAt: '2026-11-23T10:00:00.000Z', endsAt: '2026-11-23T10:20:00.000Z', registration: { open: false, reason: 'The contest has ended' } }), {
      entry: { status: 'confirmed', holdExpiresAt: null, attemptId: 'a7', rank: 1, rankOf: 2, prize, ratingBefore: 1500, ratingAfter: 1542, compensatoryTime: null },
    });
    const me = boardRow({ name: 'Asha Verma', isMe: true, prize, ratingBefore: 1500, ratingAfter: 1542 });
    const net = fakeApi({
      'GET /api/contests/web-development': () => ({ body: { data: final } }),
      'GET /api/contests/c-web/leaderboard': () => ({ body: { data: board({ status: 'final', rows: [me, boardRow({ rank: 2, name: 'Ravi', ratingBefore: 1500, ratingAfter: 1458 })], me }) } }),
    });
    page = await renderRoutes(routes, '/contests/web-development');
    await waitFor(() => expect(page.container.querySelector('#board-title')?.textContent).toBe('Final results'));
    const result = page.container.querySelector('section[aria-labelledby="result-title"]')!;
    expect([...result.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['1 of 2', '₹1,000', '1542 (+42)']);
    expect(result.querySelector('a')?.getAttribute('href')).toBe('/attempts/a7/result');
    await waitFor(() => expect(page.container.textContent).toContain('Ravirating 1458 (−42)'));
    expect(page.container.textContent).toContain('₹1,000 · rating 1542 (+42)');
    expect(net.requests.some((r) => r.path.endsWith('/stream'))).toBe(false);
  });
});

describe('between the end and the final results', () => {
  it('says the answer key is open to challenges and the board provisional until the window closes', async () => {
    const endsAt = new Date(Date.now() - 60 * 60_000).toISOString();
    const ended = joined(
      contest({ status: 'ended', startsAt: new Date(Date.now() - 80 * 60_000).toISOString(), endsAt, challengesCloseAt: new Date(Date.now() + 23 * 60 * 60_000).toISOString(), registration: { open: false, reason: 'The contest has ended' } }),
    );
    fakeApi({
      'GET /api/contests/web-development': () => ({ body: { data: ended } }),
      'GET /api/contests/c-web/leaderboard': () => ({ body: { data: board({ status: 'ended' }) } }),
    });
    page = await renderRoutes(routes, '/contests/web-development');
    await waitFor(() => expect(page.container.querySelector('#board-title')?.textContent).toBe('Leaderboard (provisional)'));
    expect(page.container.textContent).toContain('The contest is over. Its answer key can be challenged from your review until');
    expect(page.container.textContent).toContain('the results are provisional until then, and final after.');
  });
});

describe('compensatory time', () => {
  it('tells an entrant with compensatory time until when they may write, past the contest’s end', async () => {
    const running = runningJoined();
    const writeUntil = new Date(Date.parse(running.endsAt) + 20 * 60_000).toISOString();
    const mine = { ...running, entry: { ...running.entry!, compensatoryTime: { extraMinutesPerHour: 20, writeUntil } } };
    fakeApi({
      'GET /api/contests/web-development': () => ({ body: { data: mine } }),
      'GET /api/contests/c-web/leaderboard': () => ({ body: { data: board() } }),
    });
    page = await renderRoutes(routes, '/contests/web-development');
    await waitFor(() => getButton(entrySection(), 'Enter contest'));
    expect(entrySection().textContent).toContain(`You have 20 extra minutes per hour of compensatory time: you may write until ${formatTime(writeUntil)}, after the contest ends at ${formatTime(mine.endsAt)}.`);
  });

  it('lets them back into their attempt after the end while their time runs, the board showing them still writing', async () => {
    const now = Date.now();
    const writeUntil = new Date(now + 15 * 60_000).toISOString();
    const ended = joined(contest({ status: 'ended', startsAt: new Date(now - 65 * 60_000).toISOString(), endsAt: new Date(now - 5 * 60_000).toISOString(), challengesCloseAt: new Date(now + 24 * 60 * 60_000).toISOString() }), {
      entry: { status: 'confirmed', holdExpiresAt: null, attemptId: 'a7', rank: null, rankOf: null, prize: null, ratingBefore: null, ratingAfter: null, compensatoryTime: { extraMinutesPerHour: 20, writeUntil } },
    });
    const me = boardRow({ rank: 2, name: 'Asha Verma', state: 'playing', score: null, answered: 9, timeTakenMs: null, submittedAt: null, isMe: true });
    const net = fakeApi({
      'GET /api/contests/web-development': () => ({ body: { data: ended } }),
      'GET /api/contests/c-web/leaderboard': () => ({ body: { data: board({ status: 'ended', me }) } }),
      'POST /api/contests/c-web/attempt': () => ({ body: { data: timedAttempt({ id: 'a7', extraMinutesPerHour: 20 }), serverTime: new Date().toISOString() } }),
    });
    page = await renderRoutes(routes, '/contests/web-development');
    await waitFor(() => getButton(entrySection(), 'Back to the contest'));
    expect(entrySection().textContent).toContain(`The contest has ended for the others; your compensatory time runs until ${formatTime(writeUntil)}.`);
    expect(entrySection().textContent).not.toContain('answer key can be challenged');
    await waitFor(() => expect(page.container.querySelector('section[aria-labelledby="board-title"] [role="group"]')?.textContent).toContain('playing · 9 answered'));
    click(getButton(entrySection(), 'Back to the contest'));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/attempts/a7'));
    expect(net.calls('POST /api/contests/c-web/attempt')).toHaveLength(1);
  });

  it('says what follows the contest once their time is over', async () => {
    const now = Date.now();
    const ended = joined(contest({ status: 'ended', startsAt: new Date(now - 90 * 60_000).toISOString(), endsAt: new Date(now - 30 * 60_000).toISOString(), challengesCloseAt: new Date(now + 24 * 60 * 60_000).toISOString() }), {
      entry: { status: 'confirmed', holdExpiresAt: null, attemptId: 'a7', rank: null, rankOf: null, prize: null, ratingBefore: null, ratingAfter: null, compensatoryTime: { extraMinutesPerHour: 20, writeUntil: new Date(now - 10 * 60_000).toISOString() } },
    });
    fakeApi({
      'GET /api/contests/web-development': () => ({ body: { data: ended } }),
      // Not yet closed by the server: the time on the server's clock decides.
      'GET /api/contests/c-web/leaderboard': () => ({ body: { data: board({ status: 'ended', me: boardRow({ name: 'Asha Verma', isMe: true, state: 'playing', score: null }) }) } }),
    });
    page = await renderRoutes(routes, '/contests/web-development');
    await waitFor(() => expect(page.container.querySelector('section[aria-labelledby="board-title"] [role="group"]')?.textContent).toContain('playing'));
    expect(entrySection().textContent).toContain('Its answer key can be challenged from your review until');
    expect(entrySection().querySelector('button')).toBeNull();
  });
});

describe('a dropped event stream', () => {
  it('is opened again, and with no stream at all the board is polled', async () => {
    fakeApi({
      'GET /api/contests/web-development': () => ({ body: { data: runningJoined() } }),
      'GET /api/contests/c-web/leaderboard': () => ({ body: { data: board() } }),
    });
    const json = globalThis.fetch;
    let opened = 0;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/leaderboard/stream')) return json(input, init);
      opened += 1;
      // The first stream sends one board and ends; the second says there is no stream here.
      if (opened === 2) return Promise.resolve(new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'No stream' }), { status: 404, headers: { 'content-type': 'application/json' } }));
      const text = `event: board\ndata: ${JSON.stringify(board({ rows: [boardRow({ name: 'Meena' })], total: 1 }))}\n\n`;
      return Promise.resolve(new Response(text, { headers: { 'content-type': 'text/event-stream' } }));
    });
    page = await renderRoutes(routes, '/contests/web-development');
    const section = () => page.container.querySelector('section[aria-labelledby="board-title"]')?.textContent ?? '';
    await waitFor(() => expect(section()).toContain('Meena'));
    await waitFor(() => expect(section()).toContain('Updating every few seconds'), 4000);
    expect(opened).toBe(2);
  });
});

describe('a stream whose server process stops', () => {
  it('is opened again after the delay the server asks for, with no failure counted', async () => {
    fakeApi({
      'GET /api/contests/web-development': () => ({ body: { data: runningJoined() } }),
      'GET /api/contests/c-web/leaderboard': () => ({ body: { data: board() } }),
    });
    const json = globalThis.fetch;
    let opened = 0;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/leaderboard/stream')) return json(input, init);
      opened += 1;
      // Each process says it is stopping and ends the stream at once; the last one stays.
      const text = opened < 6 ? 'retry: 20\nevent: reconnect\ndata: {}\n\n' : `event: board\ndata: ${JSON.stringify(board({ rows: [boardRow({ name: 'Meena' })], total: 1 }))}\n\n`;
      return Promise.resolve(new Response(text, { headers: { 'content-type': 'text/event-stream' } }));
    });
    page = await renderRoutes(routes, '/contests/web-development');
    const section = () => page.container.querySelector('section[aria-labelledby="board-title"]')?.textContent ?? '';
    // Counted as failures, five ends in a row would wait 1 + 2 + 4 + 8 s and fall back to polling.
    await waitFor(() => expect(section()).toContain('Meena'), 4000);
    expect(opened).toBe(6);
    expect(section()).not.toContain('Updating every few seconds');
  });
});

describe('times on a contest’s page', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('are all in the reader’s own time zone, the closed registration’s start too', async () => {
    // A reader in India: Node applies a changed TZ to dates and Intl at once.
    process.env.TZ = 'Asia/Kolkata';
    const startsAt = new Date(Date.now() - 60_000);
    const running = contest({ status: 'running', startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 20 * 60_000).toISOString(), registration: { open: false, reason: 'Registration closed when the contest started' } });
    fakeApi({
      'GET /api/contests/web-development': () => ({ body: { data: running } }),
      'GET /api/contests/c-web/leaderboard': () => ({ body: { data: board() } }),
    });
    page = await renderRoutes(routes, '/contests/web-development');
    await waitFor(() => expect(entrySection().textContent).toContain('Registration closed when the contest started, at'));
    const inIndia = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(startsAt);
    const start = page.container.querySelector(`time[datetime="${running.startsAt}"]`)!.textContent!;
    expect(start).toContain(`${inIndia} IST`);
    expect(entrySection().textContent).toContain(start);
    expect(page.container.textContent).not.toMatch(/UTC|GMT/);
  });
});
