import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../test/smtp-server.js';
import { createMailer } from './mailer.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const outboxIn = () => {
  const dir = mkdtempSync(join(tmpdir(), 'abhyas-mail-'));
  dirs.push(dir);
  return join(dir, 'outbox');
};

const message = { to: 'kavya@example.com', subject: 'Reset your Abhyas password', text: 'Open https://abhyas.example/reset-password?token=secret-token-value' };

describe('createMailer', () => {
  it('sends through the SMTP server when SMTP_URL is set', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Abhyas <accounts@abhyas.example>', outboxDir: outboxIn() }, { info: () => {} });
    try {
      await mailer.send(message);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]).toMatchObject({ from: 'accounts@abhyas.example', to: ['kavya@example.com'], subject: message.subject });
      expect(smtp.mails[0]!.text).toContain('reset-password?token=secret-token-value');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('rejects when the mail server cannot be reached', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'a@b.example', outboxDir: outboxIn() }, { info: () => {} });
    await expect(mailer.send(message)).rejects.toThrow();
    mailer.close();
  });

  it('without SMTP, writes each message to a private .eml file in the outbox and logs where, not what', async () => {
    const outbox = outboxIn();
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const mailer = createMailer({ smtpUrl: null, from: 'Abhyas <no-reply@localhost>', outboxDir: outbox }, { info: (obj, msg) => lines.push({ obj: obj as Record<string, unknown>, msg }) });
    await mailer.send(message);
    const [name] = readdirSync(outbox);
    expect(name).toMatch(/\.eml$/);
    expect(statSync(outbox).mode & 0o077).toBe(0);
    const file = join(outbox, name!);
    expect(statSync(file).mode & 0o077).toBe(0);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toMatch(/^To: kavya@example\.com$/m);
    expect(eml).toMatch(/^Subject: Reset your Abhyas password$/m);
    expect(eml).toContain('reset-password?token=secret-token-value');
    expect(lines[0]).toEqual({ obj: { to: 'kavya@example.com', subject: message.subject, file }, msg: 'no SMTP_URL is set: the mail was written to the outbox' });
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
    await mailer.send({ ...message, to: 'ravi@example.com' });
    expect(readdirSync(outbox)).toHaveLength(2);
  });
});
