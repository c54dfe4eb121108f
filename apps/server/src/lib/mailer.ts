import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { createTransport, Transporter } from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = {
  /** Sends one message; rejects when the mail server refuses it or cannot be reached. */
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

export type MailConfig = Readonly<{ smtpUrl: string | null; from: string; outboxDir: string }>;

type Log = { info: (obj: object, msg: string) => void };

/**
 * The transport, made at the first message: nodemailer is loaded only by a process that mails
 * (several MB of heap a serving process would otherwise hold for a password reset or a refund).
 */
function lazyTransport(make: (create: typeof createTransport) => Transporter) {
  let transport: Promise<Transporter> | null = null;
  return {
    get: () => (transport ??= import('nodemailer').then(({ createTransport }) => make(createTransport))),
    close: () => void transport?.then((t) => t.close()),
  };
}

/**
 * Mail through the SMTP server at `smtpUrl`. Without one (the embedded default), each message is
 * written as an .eml file under `outboxDir`, readable by the server's user only, and a log line
 * names the file: a local operator can still open a password-reset link. The link itself never
 * goes to the log, which may be kept and read more widely than the data folder.
 */
export function createMailer(config: MailConfig, log: Log): Mailer {
  const { smtpUrl } = config;
  if (smtpUrl) {
    const transport = lazyTransport((create) => create(smtpUrl));
    return {
      send: async (message) => void (await (await transport.get()).sendMail({ from: config.from, ...message })),
      close: transport.close,
    };
  }
  const transport = lazyTransport((create) => create({ streamTransport: true, buffer: true }));
  return {
    async send(message) {
      const { message: raw } = await (await transport.get()).sendMail({ from: config.from, ...message });
      await mkdir(config.outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(config.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, raw as Buffer, { mode: 0o600, flag: 'wx' });
      log.info({ to: message.to, subject: message.subject, file }, 'no SMTP_URL is set: the mail was written to the outbox');
    },
    close: transport.close,
  };
}
