import { expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { slowHash } from '../platform/crypto/slow-hash.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';

describeEachDatabase('video background', (ctx) => {
  const background = (id: string, headers: Record<string, string>, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/vbc/virtualcontact/${id}/background${query}`, headers });

  it('is a 1920×1080 (or 1280×720) PNG whose QR code reads as the card’s link with s=bg', async () => {
    const owner = await buildAccount(ctx.app);
    const card = await buildCard(
      ctx.app,
      {
        firstName: 'Zoë',
        lastName: 'Núñez <&>',
        designSpecification: {
          design: { designation: 'simple' },
          theme: { designation: 'dark' },
          accentColor1: '#204080',
          accentColor2: '#ffaa00',
        },
      },
      { ownerAccountId: owner.account.id },
    );
    const link = `${ctx.app.config.PUBLIC_URL}/ds/vbc/i/${card.quickId}?s=bg`;
    for (const [query, width, height] of [
      ['', 1920, 1080],
      ['?size=1280x720', 1280, 720],
    ] as const) {
      const response = await background(card.id, owner.headers, query);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['content-disposition']).toMatch(/^attachment;/);
      const png = PNG.sync.read(response.rawPayload);
      expect([png.width, png.height]).toEqual([width, height]);
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link);
      // The card's first accent colour is the picture's top-left corner (the gradient's start).
      expect([...png.data.subarray(0, 3)]).toEqual([0x20, 0x40, 0x80]);
    }
  });

  it('is the owner’s alone; a bad size is named', async () => {
    const owner = await buildAccount(ctx.app);
    const card = await buildCard(ctx.app, {}, { ownerAccountId: owner.account.id, pinHash: await slowHash('4821'), pinProtectionLevel: 1 });
    expect((await background(card.id, owner.headers)).statusCode).toBe(200);
    expect((await background(card.id, (await buildAccount(ctx.app)).headers)).statusCode).toBe(404);
    expect((await background(card.id, {})).statusCode).toBe(401);
    const bad = await background(card.id, owner.headers, '?size=800x600');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('size: must be 1920x1080 or 1280x720');
  });
});
