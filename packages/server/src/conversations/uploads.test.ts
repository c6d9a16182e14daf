import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TConversationMessage } from '@vbc/shared/conversation';
import { displayItems } from '../platform/db/schema/index.ts';
import { sweepUnusedUploads, UNUSED_UPLOAD_TTL_MS } from '../files/sweep-uploads.ts';
import { describeEachDatabase } from '../test/app.ts';
import { allMessages, buildPerson, multipart, startConversation } from '../test/conversations-support.ts';

/** A 64×48 JPEG that says "rotate 90°" and carries a camera make and a GPS position. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'SecretCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 35/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '120/1 58/1 0/1' },
    })
    .toBuffer();
}

describeEachDatabase('conversation photos and documents', (ctx) => {
  const app = () => ctx.app;

  const upload = (
    who: { headers: Record<string, string> },
    id: string,
    kind: 'photos' | 'documents',
    file: Parameters<typeof multipart>[0],
    query = '',
  ) => {
    const body = multipart(file);
    return app().inject({
      method: 'POST',
      url: `/api/conversation/${id}/${kind}${query}`,
      headers: { ...who.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('a sent photo is in use from the start: the sweep of unused uploads leaves it', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: id } = await startConversation(app(), ana, ben);
    const res = await upload(ana, id, 'photos', { name: 'beach.jpg', type: 'image/jpeg', data: await jpegWithGps() });
    const photo = res.json<TConversationMessage>().photo!;
    await app()
      .db.update(displayItems)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(displayItems.obsecuredId, photo.obsecuredDisplayItemId));
    await sweepUnusedUploads(app().db, new Date(Date.now() - UNUSED_UPLOAD_TTL_MS));
    expect((await app().inject({ url: photo.url })).statusCode).toBe(200);
  });

  it('re-encodes a photo upright without EXIF or GPS, and serves it to the other side', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: id } = await startConversation(app(), ana, ben);
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(ana, id, 'photos', { name: 'beach.jpg', type: 'image/jpeg', data: original });
    expect(res.statusCode).toBe(201);
    const message = res.json<TConversationMessage>();
    expect(message).toMatchObject({
      kind: 'photo',
      message: '',
      sequence: 2,
      senderAccountId: ana.account.id,
      photo: { obsecuredDisplayItemId: expect.any(String), width: 48, height: 64 },
    });

    const served = await app().inject({ url: message.photo!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([48, 64]);
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);

    // Ben gets the same message, its photo signed for him.
    const seenByBen = await allMessages(app(), ben, id);
    expect(seenByBen.at(-1)).toEqual({
      ...message,
      photo: { ...message.photo, url: expect.stringContaining(`?account=${ben.account.id}&`) },
    });
  });

  it('refuses a photo that is not an image by its bytes, an empty file and a photo over 10 MB', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: id } = await startConversation(app(), ana, ben);

    const fake = await upload(ana, id, 'photos', {
      name: 'cat.jpg',
      type: 'image/jpeg',
      data: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toMatch(/^The photo must be an image/);
    const svg = await upload(ana, id, 'photos', {
      name: 'x.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'),
    });
    expect(svg.statusCode).toBe(415);

    const empty = await upload(ana, id, 'photos', { name: 'e.jpg', type: 'image/jpeg', data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);

    const big = await upload(ana, id, 'photos', { name: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(10 * 1024 * 1024 + 1, 1) });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toContain('10 MB');

    const notMultipart = await app().inject({
      method: 'POST',
      url: `/api/conversation/${id}/photos`,
      headers: ana.headers,
      payload: { x: 1 },
    });
    expect(notMultipart.statusCode).toBe(415);
    // None of it became a message.
    expect((await allMessages(app(), ben, id)).map((m) => m.kind)).toEqual(['text']);
  });

  it('stores a document with its name, type and size, downloadable by its id; an upload retry returns the original', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: id } = await startConversation(app(), ana, ben);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const clientMessageId = randomUUID();

    const res = await upload(
      ben,
      id,
      'documents',
      { name: 'Quote Ñ.pdf', type: 'application/pdf', data: pdf },
      `?clientMessageId=${clientMessageId}`,
    );
    expect(res.statusCode).toBe(201);
    const message = res.json<TConversationMessage>();
    expect(message).toMatchObject({
      kind: 'document',
      clientMessageId,
      fromVbcId: ben.card.id,
      document: { documentFileItemId: expect.any(String), name: 'Quote Ñ.pdf', contentType: 'application/pdf', size: pdf.length },
    });
    const file = await app().inject({ url: message.document!.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const retry = await upload(
      ben,
      id,
      'documents',
      { name: 'Quote Ñ.pdf', type: 'application/pdf', data: pdf },
      `?clientMessageId=${clientMessageId}`,
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ ...message, document: { ...message.document, url: expect.stringMatching(/^\/ds\/vbc\/file\//) } });
    expect((await allMessages(app(), ana, id)).map((m) => m.kind)).toEqual(['text', 'document']);

    const html = await upload(ben, id, 'documents', {
      name: 'page.pdf',
      type: 'application/pdf',
      data: Buffer.from('<!doctype html><html><body>hi</body></html>'),
    });
    expect(html.statusCode).toBe(415);
  });
});
