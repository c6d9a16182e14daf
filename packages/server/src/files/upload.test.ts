import { expect, it } from 'vitest';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { documentFiles } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { MB } from './read-upload.ts';
import { STORAGE_QUOTA_BYTES } from './quota.ts';
import { makePicture, makeZip, multipartBody } from '../test/upload.ts';

type Headers = Record<string, string>;
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function upload(
  app: FastifyInstance,
  kind: 'display' | 'document',
  headers: Headers,
  file: { data: Buffer; filename: string; contentType: string },
  field?: string,
) {
  const form = multipartBody(file, field);
  return app.inject({ method: 'POST', url: `/api/files/${kind}`, headers: { ...headers, ...form.headers }, payload: form.payload });
}

describeEachDatabase('uploads', (ctx) => {
  it('re-encodes a picture into a normal and a high-res variant served by random handles', async () => {
    const a = await buildAccount(ctx.app);
    const png = await makePicture('png', 2400, 1200);
    const response = await upload(ctx.app, 'display', a.headers, { data: png, filename: 'wide.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ width: 512, height: 256, highResWidth: 1600, highResHeight: 800 });
    expect(body.obsecuredDisplayItemId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.highResObsecuredDisplayItemId).not.toBe(body.obsecuredDisplayItemId);
    for (const [id, width] of [
      [body.obsecuredDisplayItemId, 512],
      [body.highResObsecuredDisplayItemId, 1600],
    ] as const) {
      const served = await ctx.app.inject({ method: 'GET', url: `/ds/vbc/odisplay/${id}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
    }
    const byId = await ctx.app.inject({ method: 'GET', url: `/ds/vbc/display/${body.displayItemId}` });
    expect(byId.statusCode).toBe(200);
    // Transparent pictures keep their transparency.
    const alpha = (
      await upload(ctx.app, 'display', a.headers, {
        data: await makePicture('png', 40, 40, true),
        filename: 'a.png',
        contentType: 'image/png',
      })
    ).json();
    const served = await ctx.app.inject({ method: 'GET', url: `/ds/vbc/odisplay/${alpha.obsecuredDisplayItemId}` });
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).hasAlpha).toBe(true);
  });

  it('accepts JPEG, PNG, WebP, GIF and AVIF by their bytes, whatever the name and declared type', async () => {
    const a = await buildAccount(ctx.app);
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      const response = await upload(ctx.app, 'display', a.headers, {
        data: await makePicture(format),
        filename: 'x.bin',
        contentType: 'application/octet-stream',
      });
      expect(response.statusCode, format).toBe(201);
      expect(response.json().width, format).toBe(64);
    }
    // A PNG named .pdf and declared a PDF is a picture: stored and served as one.
    const png = await makePicture('png');
    const asPicture = await upload(ctx.app, 'display', a.headers, { data: png, filename: 'invoice.pdf', contentType: 'application/pdf' });
    expect(asPicture.statusCode).toBe(201);
    const served = await ctx.app.inject({ method: 'GET', url: `/ds/vbc/odisplay/${asPicture.json().obsecuredDisplayItemId}` });
    expect(served.headers['content-type']).toMatch(/^image\//);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    const asDocument = await upload(ctx.app, 'document', a.headers, { data: png, filename: 'invoice.pdf', contentType: 'application/pdf' });
    expect(asDocument.statusCode).toBe(201);
    expect(asDocument.json()).toMatchObject({ contentType: 'image/png', name: 'invoice.pdf', size: png.length });
    const file = await ctx.app.inject({ method: 'GET', url: `/ds/vbc/file/${asDocument.json().documentFileItemId}` });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('strips EXIF (GPS included) and applies the orientation', async () => {
    const a = await buildAccount(ctx.app);
    const jpeg = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'SpyCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 35/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '120/1 59/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.includes(Buffer.from([0x25, 0x88])) || input.exif?.includes(Buffer.from([0x88, 0x25]))).toBe(true); // GPS IFD pointer
    const body = (await upload(ctx.app, 'display', a.headers, { data: jpeg, filename: 'holiday.jpg', contentType: 'image/jpeg' })).json();
    for (const id of [body.obsecuredDisplayItemId, body.highResObsecuredDisplayItemId]) {
      const served = await ctx.app.inject({ method: 'GET', url: `/ds/vbc/odisplay/${id}` });
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
      expect([meta.width, meta.height]).toEqual([30, 60]);
      expect(meta.orientation ?? 1).toBe(1);
    }
  });

  it('refuses HTML named .jpg, SVG, executables and plain ZIPs with 415 and a message', async () => {
    const a = await buildAccount(ctx.app);
    const cases = [
      { data: HTML, filename: 'cat.jpg', contentType: 'image/jpeg', message: /HTML/ },
      { data: SVG, filename: 'logo.svg', contentType: 'image/svg+xml', message: /SVG/ },
      { data: SVG, filename: 'logo.png', contentType: 'image/png', message: /SVG/ },
      {
        data: Buffer.concat([Buffer.from('MZ\x90\x00\x03'), Buffer.alloc(200)]),
        filename: 'setup.pdf',
        contentType: 'application/pdf',
        message: /not accepted/,
      },
      { data: Buffer.from('\x7fELF\x02\x01\x01\x03\x04'), filename: 'run.txt', contentType: 'application/pdf', message: /not accepted/ },
      { data: makeZip({ 'a.txt': 'hello' }), filename: 'report.docx', contentType: 'application/zip', message: /not accepted/ },
    ];
    for (const { message, ...file } of cases) {
      for (const kind of ['display', 'document'] as const) {
        const response = await upload(ctx.app, kind, a.headers, file);
        expect(response.statusCode, `${kind} ${file.filename}`).toBe(415);
        expect(response.json().code).toBe('unsupported_media_type');
        expect(response.json().message, `${kind} ${file.filename}`).toMatch(message);
      }
    }
    // A picture whose bytes claim PNG but are damaged.
    const broken = Buffer.concat([(await makePicture('png')).subarray(0, 40), Buffer.alloc(100, 7)]);
    const response = await upload(ctx.app, 'display', a.headers, { data: broken, filename: 'b.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(415);
  });

  it('answers 413 one byte over 10 MB (pictures), 20 MB (documents) and 40 megapixels', async () => {
    const a = await buildAccount(ctx.app);
    const overImage = Buffer.concat([await makePicture('jpeg'), Buffer.alloc(10 * MB + 1)]).subarray(0, 10 * MB + 1);
    const tooBig = await upload(ctx.app, 'display', a.headers, { data: overImage, filename: 'big.jpg', contentType: 'image/jpeg' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/10 MB/) });
    const overDocument = Buffer.concat([PDF, Buffer.alloc(20 * MB + 1 - PDF.length, 32)]);
    const tooBigDoc = await upload(ctx.app, 'document', a.headers, {
      data: overDocument,
      filename: 'big.pdf',
      contentType: 'application/pdf',
    });
    expect(tooBigDoc.statusCode).toBe(413);
    expect(tooBigDoc.json().message).toMatch(/20 MB/);
    // Exactly 20 MB is fine.
    const atLimit = await upload(ctx.app, 'document', a.headers, {
      data: overDocument.subarray(0, 20 * MB),
      filename: 'ok.pdf',
      contentType: 'application/pdf',
    });
    expect(atLimit.statusCode).toBe(201);
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(10 * MB);
    const pixels = await upload(ctx.app, 'display', a.headers, { data: huge, filename: 'huge.png', contentType: 'image/png' });
    expect(pixels.statusCode).toBe(413);
    expect(pixels.json().message).toMatch(/megapixels/);
  });

  it('stores a PDF, office documents and text, served as attachments with nosniff', async () => {
    const a = await buildAccount(ctx.app);
    const docx = makeZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    const xlsx = makeZip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    const cases = [
      { data: PDF, filename: 'Résumé 2026.pdf', contentType: 'application/octet-stream', expected: 'application/pdf' },
      {
        data: docx,
        filename: 'letter.docx',
        contentType: 'application/zip',
        expected: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      {
        data: xlsx,
        filename: 'sheet.xlsx',
        contentType: 'application/zip',
        expected: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      {
        data: Buffer.from('Shopping list:\n- tea ☕\n'),
        filename: 'notes.txt',
        contentType: 'text/html',
        expected: 'text/plain; charset=utf-8',
      },
    ];
    for (const { expected, ...file } of cases) {
      const response = await upload(ctx.app, 'document', a.headers, file);
      expect(response.statusCode, file.filename).toBe(201);
      const body = response.json();
      expect(body).toEqual({ documentFileItemId: expect.any(String), name: file.filename, contentType: expected, size: file.data.length });
      const served = await ctx.app.inject({ method: 'GET', url: `/ds/vbc/file/${body.documentFileItemId}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(expected);
      expect(served.headers['content-disposition']).toMatch(/^attachment; /);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(file.data)).toBe(true);
    }
    const bad = Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x00]);
    expect((await upload(ctx.app, 'document', a.headers, { data: bad, filename: 'x.txt', contentType: 'text/plain' })).statusCode).toBe(
      415,
    );
  });

  it('refuses uploads over the account quota with 413, and counts deleted files out', async () => {
    const a = await buildAccount(ctx.app);
    await ctx.app.db.insert(documentFiles).values({
      ownerAccountId: a.account.id,
      name: 'old.pdf',
      contentType: 'application/pdf',
      size: STORAGE_QUOTA_BYTES - 1000,
      storageKey: 'document/xx/old',
    });
    const usage = (await ctx.app.inject({ method: 'GET', url: '/api/files/usage', headers: a.headers })).json();
    expect(usage).toEqual({ usedBytes: STORAGE_QUOTA_BYTES - 1000, quotaBytes: STORAGE_QUOTA_BYTES });
    const small = await upload(ctx.app, 'document', a.headers, { data: PDF, filename: 'a.pdf', contentType: 'application/pdf' });
    expect(small.statusCode).toBe(201);
    const over = await upload(ctx.app, 'document', a.headers, {
      data: Buffer.concat([PDF, Buffer.alloc(2000, 32)]),
      filename: 'b.pdf',
      contentType: 'application/pdf',
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toMatch(/storage is full.*200 MB/);
    const picture = await upload(ctx.app, 'display', a.headers, {
      data: await makePicture('png', 400, 400),
      filename: 'p.png',
      contentType: 'image/png',
    });
    expect(picture.statusCode).toBe(413);
    // Two uploads at once that only fit one by one: exactly one gets in.
    const c = await buildAccount(ctx.app);
    await ctx.app.db.insert(documentFiles).values({
      ownerAccountId: c.account.id,
      name: 'old.pdf',
      contentType: 'application/pdf',
      size: STORAGE_QUOTA_BYTES - 3000,
      storageKey: 'document/xx/old2',
    });
    const twoK = Buffer.concat([PDF, Buffer.alloc(2000 - PDF.length, 32)]);
    const racing = await Promise.all(
      [1, 2].map((n) => upload(ctx.app, 'document', c.headers, { data: twoK, filename: `${n}.pdf`, contentType: 'application/pdf' })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 413]);
    // Another account is not affected.
    const b = await buildAccount(ctx.app);
    expect(
      (await upload(ctx.app, 'document', b.headers, { data: PDF, filename: 'b.pdf', contentType: 'application/pdf' })).statusCode,
    ).toBe(201);
    // Deleting frees the space.
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/files/document/${small.json().documentFileItemId}`, headers: a.headers }))
        .statusCode,
    ).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/ds/vbc/file/${small.json().documentFileItemId}` })).statusCode).toBe(404);
  });

  it("lets only the uploader delete a file; B gets 404 for A's picture and document", async () => {
    const a = await buildAccount(ctx.app);
    const b = await buildAccount(ctx.app);
    const picture = (
      await upload(ctx.app, 'display', a.headers, { data: await makePicture('png'), filename: 'p.png', contentType: 'image/png' })
    ).json();
    const document = (
      await upload(ctx.app, 'document', a.headers, { data: PDF, filename: 'a.pdf', contentType: 'application/pdf' })
    ).json();
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/files/display/${picture.displayItemId}`, headers: b.headers })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/files/document/${document.documentFileItemId}`, headers: b.headers }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/ds/vbc/odisplay/${picture.obsecuredDisplayItemId}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/ds/vbc/file/${document.documentFileItemId}` })).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/files/display/${picture.obsecuredDisplayItemId}`, headers: a.headers }))
        .statusCode,
    ).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/ds/vbc/odisplay/${picture.obsecuredDisplayItemId}` })).statusCode).toBe(404);
  });

  it('needs a signed-in account, multipart, and the field "file"', async () => {
    const a = await buildAccount(ctx.app);
    const png = { data: await makePicture('png'), filename: 'p.png', contentType: 'image/png' };
    expect((await upload(ctx.app, 'display', {}, png)).statusCode).toBe(401);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/files/display', headers: a.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/multipart/);
    const wrongField = await upload(ctx.app, 'display', a.headers, png, 'photo');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/"file"/);
    const empty = await upload(ctx.app, 'document', a.headers, { data: Buffer.alloc(0), filename: 'e.txt', contentType: 'text/plain' });
    expect(empty.statusCode).toBe(400);
  });
});
