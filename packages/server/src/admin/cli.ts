/**
 * `npm run admin -- <command>`: operator commands, sent to the running
 * server's admin API (docs/contracts.md §D9) so PGlite keeps a single writer.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DESIGNS } from '@vbc/shared';
import { adminTokenPath } from './admin-token.ts';
import { formatMinted, type TOutputFormat } from './format.ts';
import type { TMintedCard } from './mint-cards.ts';
import type { TCreatedCorporate } from './create-corporate.ts';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  mint-cards --count N [--design ${DESIGNS.join('|')}] [--format table|csv|json] [--sheet FILE.png]
      Mint N unadopted cards (1–1000); prints id, quickId, passcode and link of each.
      Passcodes are shown only now. --sheet also draws printable pages of QR codes
      with their passcodes (FILE.png, or FILE-1.png, FILE-2.png … for more than 12).
  create-corporate --name NAME [--member EMAIL_OR_PHONE ...] [--verified]
      Create a corporate account with its profile and member accounts.
  unlock-card --card ID_OR_QUICKID
      Clear the guessing counters of a card (after too many wrong adoption codes or PINs).
  new-passcode --card ID_OR_QUICKID [--format table|csv|json]
      Replace the passcode of an unadopted card (lost or leaked); prints it once.
  verify-domain --corporate ID --domain DOMAIN [--unverify]
      Vouch for a business's e-mail domain (it then counts as verified: SSO, the
      'Verified Business' dialog), or withdraw it with --unverify.
  announce --title TITLE --content-file NOTES.md [--corporate ID] [--image FILE] [--attach FILE ...]
      Publish an announcement: to every account, or (--corporate) to a business's members and
      followers. --image is the header picture; --attach adds documents (PDF, office, text, media).

Options for every command:
  --url URL   the server (default: PUBLIC_URL, else http://localhost:8080)
  Token: ADMIN_TOKEN, else the file DATA_DIR/admin-token (DATA_DIR defaults to ./data).
`;

export interface CliIo {
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Where relative paths (DATA_DIR, --sheet) are resolved. */
  cwd: string;
}

class CliError extends Error {
  /** 2: the command was wrong; 1: the server refused or could not be reached. */
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

function adminToken(env: CliIo['env'], cwd: string): string {
  if (env.ADMIN_TOKEN?.trim()) return env.ADMIN_TOKEN.trim();
  const file = adminTokenPath(path.resolve(cwd, env.DATA_DIR?.trim() || './data'));
  try {
    const token = readFileSync(file, 'utf8').trim();
    if (token) return token;
  } catch {
    // fall through to the message below
  }
  throw new CliError(`No admin token: set ADMIN_TOKEN, or start the server once so it writes ${file}.`);
}

async function call<T>(io: CliIo, base: string, route: string, body: unknown, method = 'POST'): Promise<T> {
  const url = `${base.replace(/\/+$/, '')}${route}`;
  let response: Response;
  try {
    const authorization = `Bearer ${adminToken(io.env, io.cwd)}`;
    response = await fetch(
      url,
      body instanceof FormData
        ? { method, headers: { authorization }, body }
        : { method, headers: { 'content-type': 'application/json', authorization }, body: JSON.stringify(body) },
    );
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`Cannot reach the server at ${base} (is it running? npm start; or pass --url).`, 1);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: reported below
  }
  if (!response.ok) {
    const message = (parsed as { message?: string } | null)?.message ?? `HTTP ${response.status}`;
    throw new CliError(`The server refused (${response.status}): ${message}`, 1);
  }
  return parsed as T;
}

const sheetFiles = (file: string, pages: number) =>
  pages === 1 ? [file] : Array.from({ length: pages }, (_, i) => file.replace(/(\.png)?$/i, `-${i + 1}.png`));

/** Runs one command; resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const { values } = parseArgs({
      args: rest,
      options: {
        url: { type: 'string' },
        count: { type: 'string' },
        design: { type: 'string' },
        format: { type: 'string', default: 'table' },
        sheet: { type: 'string' },
        name: { type: 'string' },
        member: { type: 'string', multiple: true },
        verified: { type: 'boolean', default: false },
        card: { type: 'string' },
        title: { type: 'string' },
        'content-file': { type: 'string' },
        corporate: { type: 'string' },
        image: { type: 'string' },
        attach: { type: 'string', multiple: true },
        domain: { type: 'string' },
        unverify: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
    const base = values.url ?? io.env.PUBLIC_URL?.trim() ?? 'http://localhost:8080';
    if (!command || values.help || command === 'help') {
      io.out(USAGE);
      return command ? 0 : 2;
    }
    switch (command) {
      case 'mint-cards': {
        const count = Number(values.count);
        if (!values.count || !Number.isInteger(count) || count < 1 || count > 1000)
          throw new CliError('--count must be a whole number from 1 to 1000.');
        const format = values.format as TOutputFormat;
        if (!['table', 'csv', 'json'].includes(format)) throw new CliError('--format must be table, csv or json.');
        if (values.design !== undefined && !(DESIGNS as readonly string[]).includes(values.design)) {
          throw new CliError(`--design must be one of ${DESIGNS.join(', ')}.`);
        }
        if (values.sheet !== undefined && !/\.png$/i.test(values.sheet)) throw new CliError('--sheet must name a .png file.');
        const cards = await call<TMintedCard[]>(io, base, '/api/admin/cards/mint', { count, design: values.design });
        io.out(formatMinted(cards, format));
        if (values.sheet) {
          const { renderSheets } = await import('./sheet.ts');
          const pages = await renderSheets(cards);
          // npm runs scripts in the repository root; the sheet goes where the operator typed the command.
          const files = sheetFiles(path.resolve(io.env.INIT_CWD ?? io.cwd, values.sheet), pages.length);
          pages.forEach((page, i) => writeFileSync(files[i]!, page));
          io.err(`Printable sheet: ${files.join(', ')}\n`);
        }
        return 0;
      }
      case 'create-corporate': {
        if (!values.name?.trim()) throw new CliError('--name is required.');
        const created = await call<TCreatedCorporate>(io, base, '/api/admin/corporates', {
          name: values.name,
          members: values.member ?? [],
          verified: values.verified,
        });
        io.out(
          values.format === 'json'
            ? `${JSON.stringify(created, null, 2)}\n`
            : [
                `corporateAccountId  ${created.corporateAccountId}`,
                `corporateProfileId  ${created.corporateProfileId}`,
                ...created.members.map(
                  (m) => `member              ${m.email ?? m.phoneNumber}  ${m.accountId}${m.created ? '  (new account)' : ''}`,
                ),
              ].join('\n') + '\n',
        );
        return 0;
      }
      case 'unlock-card': {
        if (!values.card?.trim()) throw new CliError('--card is required.');
        await call(io, base, `/api/admin/cards/${encodeURIComponent(values.card.trim())}/unlock`, {});
        io.out(`Unlocked ${values.card.trim()}.\n`);
        return 0;
      }
      case 'new-passcode': {
        if (!values.card?.trim()) throw new CliError('--card is required.');
        const format = values.format as TOutputFormat;
        if (!['table', 'csv', 'json'].includes(format)) throw new CliError('--format must be table, csv or json.');
        const card = await call<TMintedCard>(io, base, `/api/admin/cards/${encodeURIComponent(values.card.trim())}/passcode`, {});
        io.out(formatMinted([card], format));
        return 0;
      }
      case 'verify-domain': {
        if (!values.corporate?.trim()) throw new CliError('--corporate is required (the corporate account id).');
        if (!values.domain?.trim()) throw new CliError('--domain is required (such as example.com).');
        const route = `/api/admin/corporates/${encodeURIComponent(values.corporate.trim())}/domains/${encodeURIComponent(values.domain.trim())}`;
        const result = await call<{ domain: string; verified: boolean }>(io, base, route, { verified: !values.unverify }, 'PUT');
        io.out(`${result.domain} is ${result.verified ? 'verified' : 'not verified'} for ${values.corporate.trim()}.\n`);
        return 0;
      }
      case 'announce': {
        if (!values.title?.trim()) throw new CliError('--title is required.');
        if (!values['content-file']) throw new CliError('--content-file is required (a markdown file).');
        const here = io.env.INIT_CWD ?? io.cwd;
        const readLocal = (flag: string, file: string): Buffer => {
          try {
            return readFileSync(path.resolve(here, file));
          } catch {
            throw new CliError(`${flag}: cannot read ${file}.`);
          }
        };
        const content = readLocal('--content-file', values['content-file']).toString('utf8');
        const upload = async <T>(route: string, flag: string, file: string): Promise<T> => {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(readLocal(flag, file))]), path.basename(file));
          return call<T>(io, base, route, form);
        };
        const image = values.image ? await upload<{ displayItemId: string }>('/api/admin/files/display', '--image', values.image) : null;
        const attachments: string[] = [];
        for (const file of values.attach ?? []) {
          attachments.push(
            (await upload<{ documentFileItemId: string }>('/api/admin/files/document', '--attach', file)).documentFileItemId,
          );
        }
        const published = await call<{ announcementId: string; recipientCount: number }>(io, base, '/api/admin/announcements', {
          title: values.title,
          content,
          corporateAccountId: values.corporate ?? null,
          imageId: image?.displayItemId ?? null,
          attachments,
        });
        io.out(
          values.format === 'json'
            ? `${JSON.stringify(published, null, 2)}\n`
            : `announcementId  ${published.announcementId}\nrecipients      ${published.recipientCount}\n`,
        );
        return 0;
      }
      default:
        throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runCli(process.argv.slice(2), {
    env: process.env,
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    cwd: process.cwd(),
  });
}
