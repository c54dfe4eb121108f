import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; subject: string; text: string; raw: string };

/** A header's MIME encoded-words (RFC 2047, as a subject outside ASCII is sent) as the text they stand for. */
function decodeWords(header: string): string {
  return header
    .replace(/(=\?[^?]+\?[BQ]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** The decoded text of a single-part message: its body, quoted-printable undone. */
function textOf(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  if (/^content-transfer-encoding:\s*quoted-printable/im.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  } else if (/^content-transfer-encoding:\s*base64/im.test(head)) {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  return { subject: decodeWords(/^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? ''), text: body.replace(/\r\n/g, '\n') };
}

/** The reset link inside a mail, and its token. */
export function resetLinkIn(mail: ReceivedMail): { link: string; token: string } {
  const match = /(\S+\/reset-password\?token=([A-Za-z0-9_-]{43}))/.exec(mail.text);
  if (!match) throw new Error(`No reset link in:\n${mail.text}`);
  return { link: match[1]!, token: match[2]! };
}

/**
 * A real SMTP server on a free local port, keeping every message it accepts. `hold()` makes it
 * keep the next messages waiting at the end of DATA until `release()`, as a slow mail server does.
 */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let gate: Promise<void> | null = null;
  let open: () => void = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        void Promise.resolve(gate).then(() => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            ...textOf(raw),
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits until `count` messages have arrived in all, and answers the last of them. */
    async waitForMail(count = mails.length + 1, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} mails, got ${mails.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return mails[count - 1]!;
    },
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      gate = null;
      open();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;
