import { boardPageText } from './board-json.js';
import { contestStatus, isFrozen, type Board } from './leaderboard.js';

/**
 * What the live board's Server-Sent Events viewers are sent: the board's top rows with the viewer's
 * own, a final board (or a cancelled contest's) before the stream ends, and, as the process closes,
 * the word to reconnect elsewhere.
 */

/** Rows a stream sends: the top of the board, and the viewer's own row. */
export const STREAM_ROWS = 50;

/** Where a stream's text goes. */
export type StreamSink = { write(text: string): void; end(): void; backlog(): number };

export type Viewer = { userId: string | null; sink: StreamSink };

/** A viewer whose connection has not taken this much of what was sent is let go. */
const BACKLOG_MAX = 4 * 1024 * 1024;

/**
 * Sent to each viewer as the process closes, before its stream ends: the board goes on elsewhere.
 * `retry` is how long a client waits before it reconnects (spread out by each client), so that a
 * process's viewers do not all arrive at the others at once.
 */
export const RECONNECT_MS = 1_000;
const RECONNECT = `retry: ${RECONNECT_MS}\nevent: reconnect\ndata: {}\n\n`;

export const HEARTBEAT = ': ping\n\n';

/** A stream ends after sending a final board, or a cancelled contest's. */
export const isOver = (board: Board, now: number) => ['final', 'cancelled'].includes(contestStatus(board.contest, now));

/** The board's status and freeze at `now`: a viewer is sent the board again when the clock changes them. */
export const shownState = (board: Board, now: number) => `${contestStatus(board.contest, now)}:${isFrozen(board.contest, now)}`;

/** The event that carries the board as one viewer sees it. */
export const boardMessage = (board: Board, now: number, userId: string | null) =>
  `event: board\ndata: ${boardPageText(board, { now, offset: 0, limit: STREAM_ROWS, userId })}\n\n`;

/** Lets a viewer go: its stream ends. */
export function dropViewer(viewers: Set<Viewer>, viewer: Viewer): void {
  if (!viewers.delete(viewer)) return;
  viewer.sink.end();
}

/** Sends the board to every viewer (anonymous ones share one text), letting go of those that lag or whose contest is over. */
export function sendBoard(viewers: Set<Viewer>, board: Board, now: number): void {
  const final = isOver(board, now);
  let anonymous: string | undefined;
  for (const viewer of viewers) {
    if (viewer.sink.backlog() > BACKLOG_MAX) {
      dropViewer(viewers, viewer);
      continue;
    }
    const text = viewer.userId === null ? (anonymous ??= boardMessage(board, now, null)) : boardMessage(board, now, viewer.userId);
    viewer.sink.write(text);
    if (final) dropViewer(viewers, viewer);
  }
}

/** Tells every viewer to reconnect elsewhere and ends its stream. */
export function sendAway(viewers: Set<Viewer>): void {
  for (const viewer of [...viewers]) {
    viewer.sink.write(RECONNECT);
    dropViewer(viewers, viewer);
  }
}
