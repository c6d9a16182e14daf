import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/app.ts';

const webDir = mkdtempSync(path.join(tmpdir(), 'vbc-web-'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>V.B.C.</title></head><body></body></html>');

/** Percent signs that decode to more percent signs, and encodings of broken UTF-8. */
const MALFORMED = ['%25', '%25E0%25A4', '%E0%A4', '%25%25', '%C0%AF', '%FF', 'a%2', '%25zz'];
const PREFIXES = [
  '/vbc/',
  '/vbc/edit/',
  '/vbc/p/',
  '/api/vbc/virtualcontact/',
  '/api/vbc/canAdopt/',
  '/api/vbc/adopt/x/',
  '/api/vp/virtualpet/',
  '/api/conversation/',
  '/ds/vbc/i/',
  '/ds/vp/i/',
  '/ds/vbc/download/i/',
  '/ds/vbc/profilepicture/',
  '/ds/vbc/display/',
  '/ds/vbc/odisplay/',
  '/ds/vbc/file/',
  '/api/vbc/corporateProfile/',
  '/personalHub/',
];

describeEachDatabase(
  'malformed paths',
  (ctx) => {
    it('answer 404 or 400 with a message, never 500', async () => {
      const seen: string[] = [];
      for (const prefix of PREFIXES) {
        for (const bad of MALFORMED) {
          const url = `${prefix}${bad}`;
          const res = await ctx.app.inject({ method: 'GET', url });
          if (res.statusCode >= 500 || ![200, 400, 401, 404].includes(res.statusCode)) seen.push(`${url} → ${res.statusCode}`);
          if (res.statusCode < 400) continue;
          // The app's pages (/vbc/…) may answer a path that names no card with the app itself
          // (issue 30: "Card not found" under a 404); every other refusal is a JSON error with a message.
          if (String(res.headers['content-type']).startsWith('text/html')) expect(prefix, url).toMatch(/^\/vbc\//);
          else expect(typeof res.json().message, url).toBe('string');
        }
      }
      expect(seen).toEqual([]);
      expect(ctx.log.text).not.toContain('unhandled error');
    });
  },
  { webDistDir: webDir },
);
