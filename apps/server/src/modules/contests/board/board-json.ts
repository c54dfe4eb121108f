import type { Board, BoardView } from './leaderboard.js';
import { pageFrame } from './leaderboard.js';

/*
 * A page of the board as JSON text, the very text `JSON.stringify(boardPage(…))` gives (the same
 * keys in the contract's order), written from pieces each board keeps: each row's JSON is written
 * once per rebuild when first asked for, and a page of rows once per rebuild and (offset, limit),
 * so a read writes only the caller's own row and the page's few fields. The leaderboard route sends
 * it as it is, and the stream wraps it in its event.
 */

/** Pages of rows kept per view: the pages readers ask for are few (the top, and the next ones). */
const PAGES_KEPT = 64;

type Texts = { rows: (string | undefined)[]; pages: Map<string, string> };
const textsOf = new WeakMap<BoardView, Texts>();

function texts(view: BoardView): Texts {
  let t = textsOf.get(view);
  if (!t) textsOf.set(view, (t = { rows: [], pages: new Map() }));
  return t;
}

function rowText(view: BoardView, t: Texts, i: number): string {
  return (t.rows[i] ??= JSON.stringify(view.rows[i]));
}

/** Rows `offset` to `offset + limit` as JSON array items; the caller's own public row marked as theirs. */
function rowsText(view: BoardView, offset: number, limit: number, publicIndex: number | undefined): string {
  const end = Math.min(offset + limit, view.rows.length);
  const t = texts(view);
  const mine = publicIndex !== undefined && publicIndex >= offset && publicIndex < end;
  const key = `${offset}:${end}`;
  if (!mine) {
    const kept = t.pages.get(key);
    if (kept !== undefined) return kept;
  }
  const parts: string[] = [];
  for (let i = offset; i < end; i += 1) parts.push(i === publicIndex ? JSON.stringify({ ...view.rows[i], isMe: true }) : rowText(view, t, i));
  const text = parts.join(',');
  if (!mine && t.pages.size < PAGES_KEPT) t.pages.set(key, text);
  return text;
}

const json = JSON.stringify;

/** The page as `boardPage` gives it, as JSON text. */
export function boardPageText(board: Board, p: { now: number; offset: number; limit: number; userId: string | null }): string {
  const { view, publicIndex, fields: f } = pageFrame(board, p);
  return (
    `{"contestId":${json(f.contestId)},"status":${json(f.status)},"frozen":${f.frozen},"frozenAt":${json(f.frozenAt)},"total":${f.total},"offset":${f.offset},` +
    `"rows":[${rowsText(view, p.offset, p.limit, publicIndex)}],"me":${json(f.me)},"rule":${json(f.rule)},"updatedAt":${json(f.updatedAt)}}`
  );
}
