/**
 * The OpenAPI document holds every route to it: each operation declares who may call it
 * (security) and what it answers (a response schema), and uploads their multipart body. A route
 * added without them fails here.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/app.ts';

interface TOperation {
  security?: unknown[];
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { format?: string }> } }> };
}

/**
 * Routes documented before this check whose response schemas are still to be written. The list
 * only shrinks: a route declared since then fails the test until it is taken off the list.
 */
const RESPONSE_SCHEMA_TO_DO = new Set<string>([]);

/** Uploads: a multipart/form-data body with a binary `file` field. */
const UPLOADS = [
  'POST /api/files/display',
  'POST /api/files/document',
  'POST /api/conversation/{id}/photos',
  'POST /api/conversation/{id}/documents',
];

/** A success answer is described: 204 and redirects have no body; any other declares its content. */
function declaresResponse(operation: TOperation): boolean {
  const responses = Object.entries(operation.responses ?? {});
  const success = responses.filter(([status]) => /^[23]\d\d$/.test(status));
  return success.length > 0 && success.every(([status, r]) => status === '204' || status.startsWith('3') || r.content !== undefined);
}

describeEachDatabase('the OpenAPI document', (ctx) => {
  it('declares the security and the response schema of every route, and the multipart body of every upload', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, TOperation>> }>().paths;
    const operations = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const),
    );
    expect(operations.length).toBeGreaterThan(40);

    const withoutSecurity = operations.filter(([, op]) => !Array.isArray(op.security)).map(([name]) => name);
    expect(withoutSecurity, 'routes without schema.security (use SECURITY from plugins/docs.ts)').toEqual([]);

    const withoutResponse = operations
      .filter(([name, op]) => !declaresResponse(op) && !RESPONSE_SCHEMA_TO_DO.has(name))
      .map(([name]) => name);
    expect(withoutResponse, 'routes without a response schema (schema.response)').toEqual([]);
    const nowDeclared = operations.filter(([name, op]) => RESPONSE_SCHEMA_TO_DO.has(name) && declaresResponse(op)).map(([name]) => name);
    expect(nowDeclared, 'declared now: take them off RESPONSE_SCHEMA_TO_DO').toEqual([]);

    for (const name of UPLOADS) {
      const op = operations.find(([n]) => n === name)?.[1];
      expect(op?.requestBody?.content?.['multipart/form-data']?.schema?.properties?.file?.format, name).toBe('binary');
    }
  });

  it('says which scheme each security requirement names', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, TOperation>>;
    }>();
    const named = new Set(
      Object.values(doc.paths).flatMap((ops) =>
        Object.values(ops).flatMap((op) => (op.security ?? []).flatMap((req) => Object.keys(req as object))),
      ),
    );
    expect([...named].sort()).toEqual(['admin', 'bearer', 'scim']);
    for (const scheme of named) expect(doc.components.securitySchemes[scheme]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/vbc/recents']!.get!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/admin/corporates']!.post!.security).toEqual([{ admin: [] }]);
    expect(doc.paths['/ds/qr']!.get!.security).toEqual([]);
  });
});
