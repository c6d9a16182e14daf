import { startSmtpSink as startSink, type TReceivedMail } from '../../packages/server/src/test/notify-sinks.ts';

/**
 * The server tests' real SMTP sink, with a wait suited to browser journeys:
 * the newest mail to an address among those that arrived after index `after`.
 */
export async function startSmtpSink() {
  const sink = await startSink();
  return {
    url: sink.url,
    messages: sink.mails,
    async waitFor(address: string, after = 0, timeoutMs = 15_000): Promise<TReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = sink.mails
          .slice(after)
          .reverse()
          .find((m) => m.to.includes(address.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => sink.close(),
  };
}

/** The first 6-digit code in a mail (quoted-printable soft breaks removed). */
export const codeIn = (message: TReceivedMail): string => {
  const match = /\b(\d{6})\b/.exec(message.raw.replace(/=\r?\n/g, ''));
  if (!match) throw new Error('no 6-digit code in the mail');
  return match[1]!;
};
