import { expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { slowHash } from '../platform/crypto/slow-hash.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildCard } from '../test/factories.ts';

/** Reads the QR code in an image (any format sharp reads) the way a phone's camera would. */
async function decodeQr(image: Buffer): Promise<string | null> {
  const png = PNG.sync.read(await sharp(image).flatten({ background: '#ffffff' }).png().toBuffer());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describeEachDatabase('card QR for print', (ctx) => {
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('is a 1200 px PNG and an SVG of the short link with s=qr, downloaded under the card’s name', async () => {
    const card = await buildCard(ctx.app, { firstName: 'Zoë', lastName: 'Ångström' });
    const link = `${ctx.app.config.PUBLIC_URL}/ds/vbc/i/${card.quickId}?s=qr`;

    const png = await get(`/ds/vbc/qr/${card.quickId}?format=png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toContain("filename*=UTF-8''Zo%C3%AB%20%C3%85ngstr%C3%B6m%20QR%20code.png");
    const meta = await sharp(png.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1200]);
    expect(await decodeQr(png.rawPayload)).toBe(link);

    const svg = await get(`/ds/vbc/qr/${card.id}?format=svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-disposition']).toMatch(/^attachment;.*QR code\.svg/);
    expect(svg.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg.body).not.toMatch(/<script|on\w+=/i);
    // Rendered at print size, the SVG reads as the same link.
    expect(await decodeQr(await sharp(Buffer.from(svg.body), { density: 300 }).resize(800).png().toBuffer())).toBe(link);
  });

  it('gives a PIN-protected card’s QR (the link only), and none for an unknown or unadopted card; a bad format is named', async () => {
    const locked = await buildCard(ctx.app, {}, { pinHash: await slowHash('4821'), pinProtectionLevel: 1 });
    const png = await get(`/ds/vbc/qr/${locked.quickId}`);
    expect(png.statusCode).toBe(200);
    expect(await decodeQr(png.rawPayload)).toBe(`${ctx.app.config.PUBLIC_URL}/ds/vbc/i/${locked.quickId}?s=qr`);
    const unadopted = await buildCard(ctx.app, {}, { passcodeHash: await slowHash('ABCD2345') });
    expect((await get(`/ds/vbc/qr/${unadopted.quickId}`)).statusCode).toBe(404);
    expect((await get('/ds/vbc/qr/zzzzzzz')).statusCode).toBe(404);
    const bad = await get(`/ds/vbc/qr/${locked.quickId}?format=gif`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('format: must be svg or png');
  });
});
