// Issue 28, the signed-in reads on data at the size of a deployment (deployment-data.ts): the
// database is generated once and kept (`vbc_bench_deployment_<scale>`, reused by later runs while
// its comment says it was generated at that scale), the bench's reader (seed-signed-in.ts) is then
// given a deployment-sized share of it (a conversation of 100,000 messages, a business of 10,000
// members, announcements, recents and a saved folder), and every read's statements are explained
// as the product runs them (auto_explain, in a copy of the app in this process).
import pg from 'pg';
import { seedApp } from './seed-app.ts';
import { ANNOUNCEMENT, BUSINESS, CARD, businessId, deploymentSizes, generateDeploymentData } from './deployment-data.ts';

/** What the bench's reader was seeded with (seed-signed-in.ts's READY line). */
export interface TSeed {
  reader: Record<string, string>;
  readerAccountId: string;
  counterpartAccountId: string;
  conversationId: string;
  searchTerm: string;
  senders: { headers: Record<string, string>; conversationId: string }[];
}

/** One read of the bench: a path (or paths taken in turn), the send, or a read as a visitor. */
export interface TRead {
  label: string;
  path: string;
  paths?: string[];
  send?: boolean;
  /** Without the reader's session (a visitor). */
  anonymous?: boolean;
}

const withDatabase = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The deployment-sized database at `scale`: made and filled when it is missing or was not filled
 * to the end (its comment is written last), else reused as it is. Prints each step.
 */
export async function deploymentDatabase(
  scale: number,
): Promise<{ url: string; name: string; adminUrl: string; generatedSeconds: number | null }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `vbc_bench_deployment_${String(scale).replace('.', '_')}`;
  const mark = `vbc deployment data, scale ${scale}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      'select shobj_description(oid, $2) as comment from pg_database where datname = $1',
      [name, 'pg_database'],
    );
    const url = withDatabase(adminUrl, name);
    if (rows[0]?.comment === mark) {
      // Migrations added since it was made still apply.
      await (await seedApp(url)).close();
      console.log(`  reusing ${name} (generated earlier at scale ${scale}; drop it to generate anew)`);
      return { url, name, adminUrl, generatedSeconds: null };
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await (await seedApp(url)).close();
    console.log(`  generating ${name} (scale ${scale}):`);
    const seconds = await generateDeploymentData(url, deploymentSizes(scale), (line) => console.log(line));
    await admin.query(`comment on database ${name} is '${mark}'`);
    return { url, name, adminUrl, generatedSeconds: seconds };
  } finally {
    await admin.end();
  }
}

/**
 * Gives the seeded reader a deployment's share: a member of business 0 (10,000 members) with its
 * announcements, recents and saved cards among the generated ones, and `longConversation` more
 * messages in their conversation, set-based as the generator writes them.
 */
export async function deepenReader(url: string, seed: TSeed, scale: number): Promise<void> {
  const sizes = deploymentSizes(scale);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const reader = `'${seed.readerAccountId}'::uuid`;
  const counterpart = `'${seed.counterpartAccountId}'::uuid`;
  const conversation = `'${seed.conversationId}'::uuid`;
  try {
    await client.query('begin');
    await client.query(
      `insert into corporate_account_members (corporate_account_id, account_id, role) values (${BUSINESS('0')}, ${reader}, 'member')`,
    );
    await client.query(
      `insert into announcement_recipients (account_id, announcement_id, read_at)
       select ${reader}, ${ANNOUNCEMENT(`${sizes.businesses} * k`)}, case when k >= 3 then now() end
       from generate_series(0, least(${sizes.announcementsPerAccount}, ${Math.floor(sizes.announcements / sizes.businesses)}) - 1) k`,
    );
    await client.query(
      `insert into account_recents (account_id, contact_id, viewed_at)
       select ${reader}, ${CARD(`(k * 99991) % ${sizes.cards}`)}, now() - make_interval(hours => k)
       from generate_series(1, ${sizes.recentsPerAccount}) k on conflict do nothing`,
    );
    await client.query(
      `insert into directory_folder_cards (folder_id, contact_id)
       select f.id, ${CARD(`(k * 77777) % ${sizes.cards}`)} from directory_folders f, generate_series(1, 10) k
       where f.account_id = ${reader} and f.is_saved on conflict do nothing`,
    );
    await client.query(
      `insert into conversation_messages (conversation_id, seq, sender_account_id, kind, body, client_message_id, created_at)
       select ${conversation}, c.last_seq + q, case when q % 2 = 0 then ${reader} else ${counterpart} end, 'text',
         'Message number ' || q || ' of the long conversation.', 'deep-' || q, now() - make_interval(secs => ${sizes.longConversation} - q)
       from conversations c, generate_series(1, ${sizes.longConversation}) q where c.id = ${conversation}`,
    );
    await client.query(
      `update conversations set last_seq = last_seq + ${sizes.longConversation}, updated_at = now() where id = ${conversation}`,
    );
    // The reader has seen all but the last two; the counterpart everything.
    await client.query(
      `update conversation_participants p set last_seen_seq = c.last_seq - case when p.account_id = ${reader} then 2 else 0 end
       from conversations c where c.id = p.conversation_id and c.id = ${conversation}`,
    );
    await client.query('commit');
    // As the generator ends (deployment-data.ts): what this run and earlier runs wrote, vacuumed as autovacuum would.
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

/** The reads only the deployment-sized data has: a business directory of 10,000 (one page), a common name, random cards. */
export async function deploymentReads(url: string, scale: number): Promise<TRead[]> {
  const { cards } = deploymentSizes(scale);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // 200,000 random generated cards, each round starting at a random one of them: more than a
    // round's requests, so each request reads a card no request read in the cache's 10 s (a miss).
    // With 2,000, most requests were hits (2 µs of database a request).
    const { rows } = await client.query<{ quick_id: string }>(
      `select quick_id from virtual_contacts where id in (select ${CARD(`floor(random() * ${cards})::bigint`)} from generate_series(1, 200000))`,
    );
    return [
      { label: 'GET /api/directories/{business of 10,000} (a page)', path: `/api/directories/${businessId(0)}?limit=50` },
      { label: 'GET /api/vbc/search?q=maria (a common name)', path: '/api/vbc/search?q=maria' },
      {
        label: 'GET /api/vbc/virtualcontact/{random card} (visitor)',
        path: `/api/vbc/virtualcontact/${rows[0]?.quick_id ?? ''}`,
        paths: rows.map((r) => `/api/vbc/virtualcontact/${r.quick_id}`),
        anonymous: true,
      },
    ];
  } finally {
    await client.end();
  }
}

/** Tables large enough in the generated data that a sequential scan of one is a defect. */
const LARGE_TABLES = [
  'accounts',
  'sessions',
  'virtual_contacts',
  'conversations',
  'conversation_participants',
  'conversation_messages',
  'announcements',
  'announcement_recipients',
  'account_recents',
  'directory_folders',
  'directory_folder_cards',
  'corporate_account_members',
  'contact_daily_stats',
];

export interface TExplained {
  label: string;
  /** Each statement the read ran (the plan auto_explain wrote, as text). */
  plans: string[];
  /** Sequential scans on a large table, as `table (in: first line of the query)`. */
  seqScans: string[];
}

/**
 * Runs each read seven times (prepared statements switch to a generic plan after five) in an app
 * in this process whose connections have auto_explain on, and keeps the plans of the last run.
 * The plans come as NOTICEs on the connection that ran the statement.
 */
export async function explainReads(url: string, seed: TSeed, reads: TRead[]): Promise<TExplained[]> {
  const notices: string[] = [];
  const prototype = pg.Client.prototype as unknown as { connect: (this: pg.Client, ...args: unknown[]) => unknown };
  const connect = prototype.connect;
  prototype.connect = function (this: pg.Client, ...args: unknown[]) {
    this.on('notice', (notice: { message?: string }) => notices.push(notice.message ?? ''));
    return connect.apply(this, args);
  };
  const explained = new URL(url);
  explained.searchParams.set(
    'options',
    '-c session_preload_libraries=auto_explain -c auto_explain.log_min_duration=0 -c auto_explain.log_level=notice -c auto_explain.log_nested_statements=on',
  );
  const { app, close } = await seedApp(explained.toString());
  try {
    const out: TExplained[] = [];
    for (const read of reads) {
      let plans: string[] = [];
      for (let i = 0; i < 7; i++) {
        notices.length = 0;
        const sender = seed.senders[i % seed.senders.length]!;
        const response = read.send
          ? await app.inject({
              method: 'POST',
              url: `/api/conversation/${sender.conversationId}/messages`,
              headers: sender.headers,
              payload: { message: 'Are we still on for Thursday?', clientMessageId: crypto.randomUUID() },
            })
          : await app.inject({ url: read.paths?.[i] ?? read.path, headers: read.anonymous ? {} : seed.reader });
        if (response.statusCode >= 300) throw new Error(`${read.label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        plans = notices.filter((n) => n.includes('plan:'));
      }
      const seqScans = plans.flatMap((plan) =>
        [...plan.matchAll(/Seq Scan on (\w+)/g)]
          .map((m) => m[1]!)
          .filter((table) => LARGE_TABLES.includes(table))
          .map((table) => `${table} (in: ${/Query Text: (.*)/.exec(plan)?.[1]?.slice(0, 80) ?? '?'})`),
      );
      out.push({ label: read.label, plans, seqScans });
    }
    return out;
  } finally {
    prototype.connect = connect;
    await close();
  }
}
