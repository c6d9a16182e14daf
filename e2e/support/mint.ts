import { expect } from 'vitest';

/** A card minted unadopted through the operators' API (docs/contracts.md §D4), with its printed passcode. */
export async function mintCard(serverUrl: string, adminToken: string) {
  const response = await fetch(`${serverUrl}/api/admin/cards/mint`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ count: 1 }),
  });
  expect(response.status).toBe(200);
  const [card] = (await response.json()) as { virtualContactId: string; quickId: string; passcode: string }[];
  return card!;
}
