import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cardShareUrl, type TVirtualContactInput } from '@vbc/shared';
import { accounts, corporateProfiles, virtualContacts, virtualPets } from '../platform/db/schema/index.ts';
import { insertContact, newPasscode } from '../cards/index.ts';
import { storeDisplayImage } from '../files/index.ts';
import { slowHash } from '../platform/crypto/slow-hash.ts';
import { avatar, cover, landscape, petAvatar } from './demo-images.ts';
import { toTerminal } from '../platform/logging/logger.ts';

export interface DemoSeed {
  cards: { label: string; url: string; quickId: string; virtualContactId: string }[];
  pin: string;
  passcode: string;
  petUrl: string;
}

/**
 * On an empty database: one card per layout with pictures and wall photos, a
 * PIN-protected card, an unadopted card, a corporate card and a pet. Prints
 * their links (and the PIN and passcode) once. Does nothing when cards exist.
 */
export async function seedDemo(app: FastifyInstance): Promise<DemoSeed | null> {
  const { db, storage } = app;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(virtualContacts);
  if (n > 0) return null;

  const image = async (bytes: Promise<Buffer>) => storeDisplayImage(db, storage, await bytes, null, { attached: true });
  const [owner] = await db.insert(accounts).values({ name: 'Demo Owner', email: 'demo@vbc.local' }).returning();
  const photos = await Promise.all([
    image(landscape('#5b8def', '#ffd166', '#2a9d8f', '#264653')),
    image(landscape('#f4a261', '#e76f51', '#6d597a', '#355070')),
    image(landscape('#90e0ef', '#fff3b0', '#52b788', '#2d6a4f')),
  ]);
  const wall = {
    boards: [
      {
        title: 'Portfolio',
        items: photos.map((p, i) => ({
          photo: { obsecuredDisplayItemId: p.obsecuredId, width: p.width, height: p.height },
          caption: `Photo ${i + 1}`,
        })),
      },
      {
        title: 'Hidden board',
        items: [{ photo: { obsecuredDisplayItemId: photos[0]!.obsecuredId, width: null, height: null }, caption: null }],
      },
    ],
  };
  const people: {
    label: string;
    design: 'default' | 'simple' | 'artist' | 'facebook';
    first: string;
    last: string;
    title: string;
    org: string;
    colors: [string, string];
  }[] = [
    {
      label: 'default layout',
      design: 'default',
      first: 'Maria',
      last: 'Santos',
      title: 'Product Designer',
      org: 'Lumen Studio',
      colors: ['#7b2ff7', '#f107a3'],
    },
    {
      label: 'simple layout',
      design: 'simple',
      first: 'James',
      last: 'Reyes',
      title: 'Sales Director',
      org: 'Northwind & Co.',
      colors: ['#0061ff', '#60efff'],
    },
    {
      label: 'artist layout',
      design: 'artist',
      first: 'Aiko',
      last: 'Tanaka',
      title: 'Illustrator',
      org: 'Freelance',
      colors: ['#ff512f', '#dd2476'],
    },
    {
      label: 'facebook layout',
      design: 'facebook',
      first: 'Daniel',
      last: 'Cruz',
      title: 'Community Manager',
      org: 'Harbor Café',
      colors: ['#11998e', '#38ef7d'],
    },
  ];

  const cardFields = async (p: (typeof people)[number]): Promise<TVirtualContactInput> => {
    const picture = await image(avatar(`${p.first[0]}${p.last[0]}`, p.colors[0], p.colors[1]));
    const hero = await image(cover(p.colors[0], p.colors[1]));
    const handle = `${p.first}.${p.last}`.toLowerCase();
    return {
      firstName: p.first,
      lastName: p.last,
      jobTitle: p.title,
      organization: p.org,
      biography: `Hi, I'm ${p.first}. I help teams at ${p.org} turn ideas into things people love.`,
      markdownDescriptions: [
        `## What I do\n\n- **${p.title}** at *${p.org}*\n- Speaker & mentor\n\n[Portfolio](https://example.com/${handle})`,
      ],
      pictureDisplayItemId: picture.id,
      highResPictureDisplayItemId: picture.id,
      heroImageDisplayItemId: hero.id,
      designSpecification: {
        design: { designation: p.design },
        theme: { designation: 'dark' },
        accentColor1: p.colors[0],
        accentColor2: p.colors[1],
        accentColor3: null,
      },
      wall,
      exchangeEnabled: true,
      listedInSearchEngines: true,
      emails: [
        { email: `${handle}@example.com`, name: 'Work' },
        { email: `${p.first.toLowerCase()}@example.org`, name: null },
      ],
      phones: [
        { phoneNumber: '0917 555 0123', type: 'Mobile' },
        { phoneNumber: '+63 2 8555 0199', type: 'Work' },
      ],
      locations: [
        {
          title: `${p.org} HQ`,
          address: '26th St, Bonifacio Global City',
          city: 'Taguig',
          country: 'Philippines',
          googlePlaceId: null,
          latitude: 14.5509,
          longitude: 121.0503,
        },
        { title: 'Studio', address: null, city: 'Makati', country: 'Philippines', googlePlaceId: null, latitude: null, longitude: null },
      ],
      socialMedias: [
        {
          socialMediaType: 'Facebook',
          referenceType: 'ByAccountId',
          accountId: handle,
          urlOverride: null,
          useUrlOverride: false,
          qrCode: null,
        },
        {
          socialMediaType: 'LinkedIn',
          referenceType: 'ByAccountId',
          accountId: handle,
          urlOverride: null,
          useUrlOverride: false,
          qrCode: null,
        },
        {
          socialMediaType: 'Instagram',
          referenceType: 'ByAccountId',
          accountId: handle,
          urlOverride: null,
          useUrlOverride: false,
          qrCode: null,
        },
        {
          socialMediaType: 'Whatsapp',
          referenceType: 'ByAccountId',
          accountId: '+639175550123',
          urlOverride: null,
          useUrlOverride: false,
          qrCode: null,
        },
        {
          socialMediaType: 'WeChat',
          referenceType: 'ByAccountId',
          accountId: handle,
          urlOverride: null,
          useUrlOverride: false,
          qrCode: null,
        },
      ],
      links: [
        { linkUrl: `example.com/${handle}`, linkName: 'Website' },
        { linkUrl: 'https://example.com/blog', linkName: null },
      ],
      videos: [],
    };
  };

  const cards: DemoSeed['cards'] = [];
  const add = (label: string, row: { quickId: string; id: string }) =>
    cards.push({ label, url: `${app.config.PUBLIC_URL}/vbc/${row.quickId}`, quickId: row.quickId, virtualContactId: row.id });

  for (const p of people) add(p.label, await insertContact(db, await cardFields(p), { ownerAccountId: owner!.id }));

  const pin = '2468';
  const pinned = await insertContact(
    db,
    { ...(await cardFields({ ...people[1]!, first: 'Priya', last: 'Nair', title: 'Attorney', org: 'Nair Law' })) },
    {
      ownerAccountId: owner!.id,
      pinHash: await slowHash(pin),
      pinProtectionLevel: 1,
    },
  );
  add('PIN-protected card', pinned);

  const passcode = newPasscode();
  const blank = await insertContact(
    db,
    { firstName: '', lastName: '', designSpecification: { design: { designation: 'default' }, theme: { designation: 'dark' } } },
    { passcodeHash: await slowHash(passcode) },
  );
  add('unadopted card', blank);

  const logo = await image(avatar('AC', '#1e3c72', '#2a5298'));
  const banner = await image(cover('#1e3c72', '#2a5298'));
  const [corporate] = await db
    .insert(corporateProfiles)
    .values({
      name: 'Acme Corporation',
      verified: true,
      heroImageDisplayId: banner.id,
      profileImageDisplayId: logo.id,
      phones: [{ id: 'p1', phoneNumber: '+63 2 8555 0100' }],
      emails: [{ id: 'e1', email: 'hello@acme.example' }],
      links: [{ id: 'l1', linkUrl: 'https://acme.example' }],
      socialMedias: [{ id: 's1', socialMediaType: 'LinkedIn', accountId: 'acme', useUrlOverride: false, urlOverride: null }],
      locations: [{ id: 'loc1', title: 'Acme Tower, Makati', googlePlaceId: null }],
    })
    .returning();
  const corporateCard = await insertContact(
    db,
    await cardFields({
      label: 'corporate',
      design: 'simple',
      first: 'Elena',
      last: 'Garcia',
      title: 'Head of Partnerships',
      org: 'Acme Corporation',
      colors: ['#1e3c72', '#2a5298'],
    }),
    {
      ownerAccountId: owner!.id,
      corporateProfileId: corporate!.id,
    },
  );
  add('corporate card', corporateCard);

  const petPicture = await image(petAvatar('#f7971e', '#ffd200'));
  const [pet] = await db
    .insert(virtualPets)
    .values({
      ownerAccountId: owner!.id,
      name: 'Biscuit',
      pictureDisplayItemId: petPicture.id,
      details: {
        species: 'Dog',
        breed: 'Beagle',
        sex: 'Male',
        birthDate: '2021-04-12',
        color: 'Tricolour',
        description: 'Friendly, loves treats and belly rubs.',
        careNotes: 'Two walks a day.',
        medicalNotes: 'Allergic to chicken.',
        isLost: false,
        lostMessage: null,
        showOwnerPhone: false,
      },
    })
    .returning();
  const petUrl = `${app.config.PUBLIC_URL}/vbc/p/${pet!.id}`;

  const lines = [
    'Demo cards created (shown once):',
    ...cards.map(
      (c) =>
        `  ${c.label.padEnd(20)} ${c.url}   (share link ${cardShareUrl(app.config.PUBLIC_URL, { virtualContactId: c.virtualContactId, quickId: c.quickId })})`,
    ),
    `  PIN of the PIN-protected card: ${pin}`,
    `  passcode of the unadopted card: ${passcode}`,
    `  pet                  ${petUrl}`,
  ];
  // Printed to the terminal (stderr), not the log stream: a passcode never reaches log storage.
  toTerminal(`\n${lines.join('\n')}\n\n`);
  return { cards, pin, passcode, petUrl };
}
