/** Real local sinks for tests: an SMTP server (smtp-server) and an HTTP SMS endpoint (node:http). */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TReceivedMail {
  to: string[];
  from: string;
  /** The whole message as received (headers and MIME parts). */
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: TReceivedMail[];
  /** Messages refused while `refuse` was set (what the sender tried to deliver). */
  refused: TReceivedMail[];
  /** When set, every message is refused with a 550 (a delivery failure). */
  refuse: boolean;
  /** The newest mail to `address`, waiting up to 5 s for it. */
  latestTo(address: string): Promise<TReceivedMail | undefined>;
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 that keeps every message it accepts. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const sink = { mails: [] as TReceivedMail[], refused: [] as TReceivedMail[], refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), from, raw: Buffer.concat(chunks).toString('utf8') };
        if (sink.refuse) {
          sink.refused.push(mail);
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(error);
        }
        sink.mails.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    async latestTo(address: string) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = sink.mails.filter((m) => m.to.includes(address.toLowerCase())).at(-1);
        if (found || Date.now() > deadline) return found;
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** The 6-digit code in a mail's subject or an SMS text. */
export const codeIn = (text: string | undefined): string | undefined =>
  /\b(\d{6})\b/.exec(text?.match(/^Subject: .*$/m)?.[0] ?? text ?? '')?.[1];

export interface TReceivedSms {
  headers: IncomingHttpHeaders;
  body: { to: string; message: string };
}

export interface SmsSink {
  url: string;
  received: TReceivedSms[];
  /** Status the sink answers with (200 by default). */
  status: number;
  latestTo(e164: string): TReceivedSms | undefined;
  close(): Promise<void>;
}

/** An HTTP endpoint on 127.0.0.1 that records each POSTed JSON body, as an SMS provider would receive it. */
export async function startSmsSink(): Promise<SmsSink> {
  const sink = { received: [] as TReceivedSms[], status: 200 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (sink.status < 300) sink.received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(sink.status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(sink, {
    url: `http://127.0.0.1:${port}/sms`,
    latestTo: (e164: string) => sink.received.filter((r) => r.body.to === e164).at(-1),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
