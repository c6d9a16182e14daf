import { describe, expect, it } from 'vitest';
import { CardPageCache, renderedUrl } from './card-page-cache.ts';

describe('rendered card page cache', () => {
  it('renders and keeps a page by its path and ?pin= only: a tracking query is the same page', async () => {
    const cache = new CardPageCache();
    let renders = 0;
    const render = async () => `<html>page ${++renders}</html>`;
    const card = { quickId: 'abc1234', name: 'Maria' };
    const first = await cache.get(renderedUrl('/vbc/abc1234'), card, render);
    const shared = await cache.get(renderedUrl('/vbc/abc1234?fbclid=IwAR0x&utm_source=qr'), card, render);
    expect(shared).toBe(first);
    expect(renders).toBe(1);
    expect(renderedUrl('/vbc/abc1234?utm_source=qr&pin=12%2034')).toBe('/vbc/abc1234?pin=12%2034');
    const withPin = await cache.get(renderedUrl('/vbc/abc1234?pin=1234&fbclid=x'), card, render);
    expect(withPin?.html).toBe('<html>page 2</html>');
    // The card as presented is part of what the page was rendered from.
    await cache.get(renderedUrl('/vbc/abc1234'), { ...card, name: 'Maria S.' }, render);
    expect(renders).toBe(3);
  });
});
