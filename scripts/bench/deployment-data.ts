// Issue 28, "Data at the size of a deployment": fills a migrated PostgreSQL database with what a
// real deployment holds, set-based (INSERT … SELECT over generate_series, in the database itself),
// so that the signed-in reads can be measured on it (deployment.ts). At scale 1:
//   100,000 accounts, each a member of one of 10 businesses (10,000 members each), each signed in once
//   1,000,000 cards, ten an account; each account's first card linked to its business (so a
//     business directory holds 10,000 cards), every business's directory public
//   200,000 conversations between two accounts, 10,000,000 messages (one conversation of 100,000,
//     the rest about 50 each), every participant having seen all but the last few
//   10,000 announcements (1,000 a business), each received by 200 of its members (20 an account)
//   10 recents, one "Saved" folder with 10 cards, for each account
// Ids are made from the row's number (a prefix per table), so the rows refer to one another
// without lookups, and a run is repeatable. Usage:
//   npx tsx scripts/bench/deployment-data.ts postgres://…/db [scale]
// The database must be migrated and hold no generated rows yet (the product's own rows may be there).
import pg from 'pg';

export interface TDeploymentSizes {
  accounts: number;
  cards: number;
  conversations: number;
  messages: number;
  /** Messages in the one long conversation (the rest share what is left). */
  longConversation: number;
  announcements: number;
  businesses: number;
  recentsPerAccount: number;
  announcementsPerAccount: number;
}

export function deploymentSizes(scale = 1): TDeploymentSizes {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  return {
    accounts: n(100_000),
    cards: n(1_000_000),
    conversations: n(200_000),
    messages: n(10_000_000),
    longConversation: n(100_000),
    announcements: n(10_000),
    businesses: 10,
    recentsPerAccount: 10,
    announcementsPerAccount: 20,
  };
}

/**
 * The id of generated row `i` of a table: a v4-shaped uuid whose first group names the table, so
 * generated rows never meet the product's random ones and any row's id is known from its number.
 */
export const idOf = (prefix: string, i: string) => `('${prefix}-0000-4000-8000-' || lpad(to_hex(${i}), 12, '0'))::uuid`;
export const ACCOUNT = (i: string) => idOf('a0000000', i);
export const CARD = (i: string) => idOf('c0000000', i);
const CONVERSATION = (i: string) => idOf('d0000000', i);
export const BUSINESS = (i: string) => idOf('b0000000', i);
const PROFILE = (i: string) => idOf('b1000000', i);
export const ANNOUNCEMENT = (i: string) => idOf('e0000000', i);
const FOLDER = (i: string) => idOf('f0000000', i);

/** Generated business `i`'s id (its corporate account), as the API takes it. */
export const businessId = (i: number) => `b0000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

/** A quick id (7 letters of the quick-id alphabet, @vbc/shared ids.ts) from a row number, 'z' first so none is random's. */
const QUICK_ID = (i: string) =>
  `'z' || (select string_agg(substr('0123456789abcdefghjkmnpqrstvwxyz', ((${i} >> (5 * k)) & 31)::int + 1, 1), '' order by k desc) from generate_series(0, 5) k)`;

/** Names drawn from short lists, so that a search for a common one matches many cards, as in life. */
const FIRST = `(array['maria','jose','juan','ana','john','mary','michael','sarah','david','emma','luis','carmen','ahmed','fatima','wei','yuki','olga','pedro','sofia','liam'])`;
const LAST = `(array['santos','reyes','cruz','garcia','smith','johnson','lee','brown','tan','lim','mendoza','torres','khan','ali','chen','wang','ivanova','silva','rossi','nguyen'])`;
const TITLE = `(array['Sales Manager','Engineer','Designer','Account Executive','Director','Consultant','Nurse','Teacher','Developer','Analyst'])`;
const pick = (list: string, i: string) => `initcap(${list}[1 + (${i}) % array_length(${list}, 1)])`;

/** The statements, in order, each with what it makes. `$s` sizes are inlined (they are numbers). */
function statements(s: TDeploymentSizes): { what: string; sql: string }[] {
  const membersPerBusiness = Math.floor(s.accounts / s.businesses);
  const cardsPerAccount = Math.max(1, Math.floor(s.cards / s.accounts));
  const shortMessages = Math.max(1, Math.floor((s.messages - s.longConversation) / Math.max(1, s.conversations - 1)));
  // Conversation c is between accounts a = c % A and a + d (mod A), d = 1 + (r * 7919) % (A / 2 - 1) for its round r = c / A:
  // each round a different d below A / 2, so no two conversations join the same two accounts.
  // Announcement n (of business n % B) reaches the members m of that business with m % spread = (n / B) % spread.
  const received = Math.min(s.announcementsPerAccount, Math.floor(s.announcements / s.businesses));
  const spread = Math.max(1, Math.floor(s.announcements / s.businesses / received));
  const half = Math.max(1, Math.floor(s.accounts / 2) - 1);
  const sideA = (c: string) => `(${c}) % ${s.accounts}`;
  const sideB = (c: string) => `((${c}) % ${s.accounts} + 1 + ((${c}) / ${s.accounts}) * 7919 % ${half}) % ${s.accounts}`;
  return [
    {
      what: `${s.accounts} accounts`,
      sql: `insert into accounts (id, name, email, created_at)
        select ${ACCOUNT('i')}, ${pick(FIRST, 'i')} || ' ' || ${pick(LAST, 'i / 20')}, 'person' || i || '@deployment.example',
          now() - make_interval(secs => i)
        from generate_series(0, ${s.accounts - 1}) i`,
    },
    {
      // One signed-in device an account (the tokens are nobody's: only their hashes are stored).
      what: `${s.accounts} sessions`,
      sql: `insert into sessions (account_id, token_hash, session_id_hash, expires_at)
        select ${ACCOUNT('i')}, encode(sha256(('generated token ' || i)::bytea), 'hex'), encode(sha256(('generated session ' || i)::bytea), 'hex'),
          now() + interval '30 days'
        from generate_series(0, ${s.accounts - 1}) i`,
    },
    {
      what: `${s.businesses} businesses`,
      sql: `with p as (
          insert into corporate_profiles (id, name, description, verified)
          select ${PROFILE('b')}, 'Business ' || b, 'A business of ${membersPerBusiness} people.', true
          from generate_series(0, ${s.businesses - 1}) b returning id)
        insert into corporate_accounts (id, name, corporate_profile_id, directory_public)
        select ${BUSINESS('b')}, 'Business ' || b, ${PROFILE('b')}, true from generate_series(0, ${s.businesses - 1}) b`,
    },
    {
      what: `${s.businesses * membersPerBusiness} memberships (${membersPerBusiness} a business)`,
      sql: `insert into corporate_account_members (corporate_account_id, account_id, role)
        select ${BUSINESS(`i / ${membersPerBusiness}`)}, ${ACCOUNT('i')}, case when i % ${membersPerBusiness} = 0 then 'admin' else 'member' end
        from generate_series(0, ${s.businesses * membersPerBusiness - 1}) i`,
    },
    {
      // The card's summary trigger (migration 0039) fires in this load (ENABLE ALWAYS, for this statement only):
      // written by an update after it, every card's row would be written twice and its indexes grow to match.
      what: `${s.cards} cards (${cardsPerAccount} an account, the first linked to its business), each with its summary`,
      sql: `alter table virtual_contacts enable always trigger virtual_contacts_summary_json;
        insert into virtual_contacts (id, quick_id, owner_account_id, corporate_profile_id, first_name, last_name, job_title,
          organization, design_specification, emails, phones, links, view_count, download_count, created_at, updated_at)
        select ${CARD('i')}, ${QUICK_ID('i')}, ${ACCOUNT(`i % ${s.accounts}`)},
          case when i < ${s.accounts} and i / ${membersPerBusiness} < ${s.businesses} then ${PROFILE(`i / ${membersPerBusiness}`)} end,
          ${pick(FIRST, `i % ${s.accounts}`)}, ${pick(LAST, `(i % ${s.accounts}) / 20`)}, ${pick(TITLE, 'i / 7')},
          'Business ' || ((i % ${s.accounts}) / ${membersPerBusiness}),
          '{"design":{"designation":"simple"},"theme":{"designation":"dark"}}'::jsonb,
          jsonb_build_array(jsonb_build_object('emailAddress', 'person' || (i % ${s.accounts}) || '@deployment.example', 'type', 'Work')),
          jsonb_build_array(jsonb_build_object('phoneNumber', '+6391' || lpad((i % 100000000)::text, 8, '0'), 'type', 'Mobile')),
          jsonb_build_array(jsonb_build_object('url', 'https://example.com/p/' || i, 'title', 'Portfolio')),
          i % 1000, i % 97, now() - make_interval(secs => i), now() - make_interval(secs => i)
        from generate_series(0, ${s.cards - 1}) i;
        alter table virtual_contacts enable trigger virtual_contacts_summary_json`,
    },
    {
      // The load runs with triggers off (session_replication_role below): the counters they keep are set here.
      what: 'linked card counts (the triggers of migration 0029, off for the load)',
      sql: `insert into corporate_profile_card_counts (corporate_profile_id, card_count)
        select corporate_profile_id, count(*)::int from virtual_contacts where corporate_profile_id is not null group by corporate_profile_id
        on conflict (corporate_profile_id) do update set card_count = excluded.card_count`,
    },
    {
      // Set-based, as migration 0040's trigger (off for the load) would write them card by card.
      what: "the linked cards' search words (the trigger of migration 0040, off for the load)",
      sql: `insert into search_words (word)
          select distinct w from virtual_contacts, search_words_of(search_text) w where corporate_profile_id is not null
          on conflict do nothing;
        insert into card_search_words (word, corporate_profile_id, card_id)
          select w, corporate_profile_id, id from virtual_contacts, search_words_of(search_text) w where corporate_profile_id is not null`,
    },
    {
      what: `${s.conversations} conversations`,
      sql: `insert into conversations (id, pair_key, last_seq, created_at, updated_at)
        select ${CONVERSATION('c')},
          least(${ACCOUNT(sideA('c'))}::text collate "C", ${ACCOUNT(sideB('c'))}::text) || ':-|' ||
            greatest(${ACCOUNT(sideA('c'))}::text collate "C", ${ACCOUNT(sideB('c'))}::text) || ':-',
          case when c = 0 then ${s.longConversation} else ${shortMessages} end,
          now() - interval '30 days', now() - make_interval(secs => c)
        from generate_series(0, ${s.conversations - 1}) c`,
    },
    {
      what: `${s.conversations * 2} participants`,
      sql: `insert into conversation_participants (conversation_id, account_id, last_seen_seq, joined_at)
        select ${CONVERSATION('c')}, case when side = 0 then ${ACCOUNT(sideA('c'))} else ${ACCOUNT(sideB('c'))} end,
          greatest(0, (case when c = 0 then ${s.longConversation} else ${shortMessages} end) - side * 3), now() - interval '30 days'
        from generate_series(0, ${s.conversations - 1}) c, generate_series(0, 1) side`,
    },
    {
      what: `${s.longConversation} messages in the long conversation`,
      sql: `insert into conversation_messages (conversation_id, seq, sender_account_id, kind, body, client_message_id, created_at)
        select ${CONVERSATION('0')}, q, case when q % 2 = 0 then ${ACCOUNT(sideA('0'))} else ${ACCOUNT(sideB('0'))} end, 'text',
          'Message number ' || q || ' of the long conversation.', 'gen-' || q, now() - make_interval(secs => ${s.longConversation} - q)
        from generate_series(1, ${s.longConversation}) q`,
    },
    {
      what: `${(s.conversations - 1) * shortMessages} messages in the others (${shortMessages} each)`,
      sql: `insert into conversation_messages (conversation_id, seq, sender_account_id, kind, body, client_message_id, created_at)
        select ${CONVERSATION('c')}, q, case when q % 2 = 0 then ${ACCOUNT(sideA('c'))} else ${ACCOUNT(sideB('c'))} end, 'text',
          'Are we still on for Thursday? (' || q || ')', 'gen-' || q, now() - make_interval(secs => c + ${shortMessages} - q)
        from generate_series(1, ${s.conversations - 1}) c, generate_series(1, ${shortMessages}) q`,
    },
    {
      what: `${s.announcements} announcements`,
      sql: `insert into announcements (id, corporate_account_id, title, content, published_at, last_updated_at, created_at)
        select ${ANNOUNCEMENT('n')}, ${BUSINESS(`n % ${s.businesses}`)}, 'Announcement ' || n, 'What changed this week, part ' || n || '.',
          now() - make_interval(secs => n * 60), now() - make_interval(secs => n * 60), now() - make_interval(secs => n * 60)
        from generate_series(0, ${s.announcements - 1}) n`,
    },
    {
      // Its trigger (migration 0036) is off for the load: without this, every announcement's fields were empty, and the
      // recipients' list answered `{,"isRead":…}` for each.
      what: "announcements' JSON fields (the trigger of migration 0036, off for the load)",
      sql: 'update announcements a set json_fields = announcement_json_fields(a)',
    },
    {
      what: `${s.businesses * membersPerBusiness * received} announcement recipients (${received} an account, the 3 newest unread)`,
      sql: `insert into announcement_recipients (account_id, announcement_id, read_at)
        select ${ACCOUNT('m')}, ${ANNOUNCEMENT(`m / ${membersPerBusiness} + ${s.businesses} * (j * ${spread} + m % ${spread})`)},
          case when j >= 3 then now() end
        from generate_series(0, ${s.businesses * membersPerBusiness - 1}) m, generate_series(0, ${received - 1}) j`,
    },
    {
      what: `${s.accounts * s.recentsPerAccount} recents`,
      sql: `insert into account_recents (account_id, contact_id, viewed_at)
        select ${ACCOUNT('a')}, ${CARD(`(a * 7 + r * 100003) % ${s.cards}`)}, now() - make_interval(secs => r * 3600)
        from generate_series(0, ${s.accounts - 1}) a, generate_series(0, ${s.recentsPerAccount - 1}) r
        on conflict do nothing`,
    },
    {
      what: `${s.accounts} "Saved" folders with ${s.recentsPerAccount} cards each`,
      sql: `with f as (
          insert into directory_folders (id, account_id, name, is_saved)
          select ${FOLDER('a')}, ${ACCOUNT('a')}, 'Saved', true from generate_series(0, ${s.accounts - 1}) a returning id)
        insert into directory_folder_cards (folder_id, contact_id)
        select ${FOLDER('a')}, ${CARD(`(a * 13 + r * 200003) % ${s.cards}`)}
        from generate_series(0, ${s.accounts - 1}) a, generate_series(0, ${s.recentsPerAccount - 1}) r
        on conflict do nothing`,
    },
    // A deployment's autovacuum has long since vacuumed its mostly unchanging tables, so their
    // visibility maps let an index answer alone (search's card_search_words: 0.2 ms of a common
    // name's 1.6 ms read the table's rows, 0.03 ms the index alone); the load's rows were never
    // vacuumed, and this machine's PostgreSQL runs with autovacuum off (docs/benchmarks.md).
    { what: 'statistics and visibility (VACUUM ANALYZE)', sql: 'vacuum (analyze)' },
  ];
}

/** Writes the rows; `say` hears each step with its time. Returns the seconds it took in all. */
export async function generateDeploymentData(databaseUrl: string, sizes: TDeploymentSizes, say: (line: string) => void): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    // Bulk loading: nothing is lost if the machine stops, the run is simply made again.
    await client.query('set synchronous_commit = off');
    await client.query(`set maintenance_work_mem = '512MB'`);
    // The foreign keys hold by construction (ids from row numbers): their per-row checks, off for the load, would take most of its time.
    // (This turns the product's other triggers off too; what they keep is written by a step of its own.)
    await client.query('set session_replication_role = replica');
    for (const step of statements(sizes)) {
      const t = performance.now();
      await client.query(step.sql);
      say(`  ${step.what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [databaseUrl, scale = '1'] = process.argv.slice(2);
  if (!databaseUrl) throw new Error('usage: deployment-data.ts DATABASE_URL [scale]');
  const seconds = await generateDeploymentData(databaseUrl, deploymentSizes(Number(scale)), (line) => console.log(line));
  console.log(`generated in ${seconds.toFixed(0)} s`);
}
