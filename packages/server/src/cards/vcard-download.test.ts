/**
 * The vCard download in every format (issue 29): 3.0 by default, 4.0 and jCard on request, read
 * back by ical.js; the PHOTO a JPEG of at most 100 KB whatever was uploaded; the file named after
 * the person, non-ASCII names by RFC 6266 / 8187.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { parse as parseDisposition } from 'content-disposition';
import { describeEachDatabase } from '../test/app.ts';
import { buildCard, buildPicture } from '../test/factories.ts';
import { slowHash } from '../platform/crypto/slow-hash.ts';
import { VCARD_PHOTO_MAX_BYTES } from './vcard-photo.ts';

describeEachDatabase('vCard download formats', (ctx) => {
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const read = (body: string) => new ICAL.Component(ICAL.parse(body) as unknown[]);

  /** A noisy 1600 px picture: far over 100 KB as any JPEG at that size. */
  const noisyPicture = async (format: 'png' | 'jpeg') => {
    const raw = randomBytes(1600 * 1200 * 3);
    const image = sharp(raw, { raw: { width: 1600, height: 1200, channels: 3 } });
    return format === 'png'
      ? image.png().toBuffer()
      : image
          .jpeg({ quality: 95 })
          .withExif({ IFD0: { Copyright: 'taken-at-home-14.5995N-120.9842E' } })
          .toBuffer();
  };

  it('answers vCard 3.0 by default and for */*, 4.0 for ?version=4 or the 4.0 media type, jCard for application/vcard+json', async () => {
    const card = await buildCard(ctx.app, { firstName: 'Ana', lastName: 'Reyes' });
    const url = `/ds/vbc/download/i/${card.quickId}`;
    for (const [query, accept, version] of [
      ['', undefined, '3.0'],
      ['', '*/*', '3.0'],
      ['', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', '3.0'],
      ['', 'text/vcard', '3.0'],
      ['', 'text/vcard;version=3.0', '3.0'],
      ['?version=4', undefined, '4.0'],
      ['?version=4.0', '*/*', '4.0'],
      ['', 'text/vcard;version=4.0', '4.0'],
      ['', 'text/vcard; version="4.0"', '4.0'],
      ['', 'text/vcard;version=3.0;q=0.5, text/vcard;version=4.0', '4.0'],
      ['?version=3', 'text/vcard;version=4.0', '3.0'],
    ] as const) {
      const response = await get(`${url}${query}`, accept ? { accept } : {});
      expect(response.statusCode, `${query} ${accept}`).toBe(200);
      expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
      expect(response.headers.vary).toMatch(/accept/i);
      const vcard = read(response.body);
      expect(vcard.getFirstPropertyValue('version'), `${query} ${accept}`).toBe(version);
      expect(vcard.getFirstPropertyValue('fn')).toBe('Ana Reyes');
    }

    const jcard = await get(url, { accept: 'application/vcard+json' });
    expect(jcard.statusCode).toBe(200);
    expect(jcard.headers['content-type']).toBe('application/vcard+json; charset=utf-8');
    const parsed = jcard.json() as [string, [string, Record<string, string>, string, unknown][]];
    expect(parsed[0]).toBe('vcard');
    expect(parsed[1][0]).toEqual(['version', {}, 'text', '4.0']);
    const component = new ICAL.Component(parsed);
    expect(component.getFirstPropertyValue('fn')).toBe('Ana Reyes');
    expect(component.getFirstPropertyValue('org')).toBe('Tom & Jerry, Inc.');
    expect(component.getAllProperties('socialprofile').map((p) => p.getFirstValue())).toEqual(['https://www.linkedin.com/in/ana']);
    expect(component.getFirstPropertyValue('tel')).toBe('09175550101');
  });

  it('refuses an Accept it cannot meet with 406 and a bad ?version with 400, naming the problem', async () => {
    const card = await buildCard(ctx.app);
    const refused = await get(`/ds/vbc/download/i/${card.quickId}`, { accept: 'application/json' });
    expect(refused.statusCode).toBe(406);
    expect(refused.json().message).toMatch(/^Accept: .*text\/vcard.*application\/vcard\+json/);
    expect((await get(`/ds/vbc/download/i/${card.quickId}`, { accept: 'text/vcard;version=2.1' })).statusCode).toBe(406);
    const badVersion = await get(`/ds/vbc/download/i/${card.quickId}?version=5`);
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json().message).toMatch(/version/);
  });

  it('keeps a PIN-protected card refused in every format', async () => {
    const card = await buildCard(ctx.app, {}, { pinHash: await slowHash('4821'), pinProtectionLevel: 1 });
    for (const headers of [{}, { accept: 'text/vcard;version=4.0' }, { accept: 'application/vcard+json' }] as Record<string, string>[]) {
      const response = await get(`/ds/vbc/download/i/${card.quickId}`, headers);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('0917');
    }
  });

  it('embeds the picture as a JPEG of at most 100 KB, upright and without metadata, in every format', async () => {
    for (const format of ['png', 'jpeg'] as const) {
      const bytes = await noisyPicture(format);
      expect(bytes.length).toBeGreaterThan(VCARD_PHOTO_MAX_BYTES * 5);
      const picture = await buildPicture(ctx.app, bytes);
      const card = await buildCard(ctx.app, { pictureDisplayItemId: picture.id });
      const url = `/ds/vbc/download/i/${card.quickId}`;

      const v3 = read((await get(url)).body).getFirstProperty('photo')!;
      expect(v3.getParameter('encoding')).toBe('b');
      expect(v3.getParameter('type')).toBe('JPEG');
      const v4 = String(read((await get(`${url}?version=4`)).body).getFirstPropertyValue('photo'));
      expect(v4).toMatch(/^data:image\/jpeg;base64,/);
      const jcard = (await get(url, { accept: 'application/vcard+json' })).json() as [string, unknown[][]];
      const jphoto = String(jcard[1].find(([name]) => name === 'photo')?.[3]);
      expect(jphoto).toBe(v4);

      for (const base64 of [String(v3.getFirstValue()), v4.replace(/^data:image\/jpeg;base64,/, '')]) {
        const jpeg = Buffer.from(base64, 'base64');
        expect(jpeg.length).toBeLessThanOrEqual(VCARD_PHOTO_MAX_BYTES);
        const meta = await sharp(jpeg).metadata();
        expect(meta.format).toBe('jpeg');
        expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(640);
        expect(meta.exif).toBeUndefined();
        expect(jpeg.toString('latin1')).not.toContain('taken-at-home');
      }
    }
  });

  it('names the file after the person: plain for ASCII, filename* in UTF-8 otherwise', async () => {
    const plain = await buildCard(ctx.app, { firstName: 'Tom', lastName: 'Jerry' });
    const ascii = await get(`/ds/vbc/download/i/${plain.quickId}`);
    expect(ascii.headers['content-disposition']).toBe('attachment; filename="Tom Jerry.vcf"');

    const hard = await buildCard(ctx.app, { firstName: "José (Pepe) O'Neil", lastName: '山田 🦄' });
    for (const headers of [{}, { accept: 'text/vcard;version=4.0' }] as Record<string, string>[]) {
      const header = String((await get(`/ds/vbc/download/i/${hard.quickId}`, headers)).headers['content-disposition']);
      expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      // RFC 8187 attr-chars only after UTF-8'': an apostrophe or parenthesis would end or break it.
      expect(header.split("filename*=UTF-8''")[1]).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
      const parsed = parseDisposition(header);
      expect(parsed.type).toBe('attachment');
      expect(parsed.parameters['filename']).toBe("José (Pepe) O'Neil 山田 🦄.vcf");
    }
    const jcard = await get(`/ds/vbc/download/i/${plain.quickId}`, { accept: 'application/vcard+json' });
    expect(parseDisposition(String(jcard.headers['content-disposition'])).parameters['filename']).toBe('Tom Jerry.json');
  });
});
