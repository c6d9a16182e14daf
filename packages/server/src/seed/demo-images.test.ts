import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { avatar, petAvatar } from './demo-images.ts';

/** The RGB of a pixel of a JPEG. */
async function pixel(jpeg: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
const isWhite = ([r, g, b]: number[]) => r! > 235 && g! > 235 && b! > 235;
/** Close to the gradient halfway between black-on-nothing: not lightened by a shape on top. */
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 12);

describe('demo placeholder pictures (issue 13: one clean placeholder)', () => {
  it('a person gets the initials on the gradient, with no silhouette under them', async () => {
    const jpeg = await avatar('MS', '#7f00ff', '#e100ff');
    // Where the old silhouette's shoulders were (bottom centre) and its head (above the initials): the bare gradient.
    const plain = await avatar('', '#7f00ff', '#e100ff');
    for (const [x, y] of [
      [256, 470],
      [256, 130],
      [180, 440],
    ] as const) {
      expect(near(await pixel(jpeg, x, y), await pixel(plain, x, y)), `pixel ${x},${y}`).toBe(true);
    }
    // The initials are there, in white, across the middle.
    let white = 0;
    for (let x = 150; x < 360; x += 4) if (isWhite(await pixel(jpeg, x, 256))) white++;
    expect(white).toBeGreaterThan(5);
  });

  it('a pet gets a paw print drawn as shapes, not an emoji (which rendered as a missing-glyph box)', async () => {
    const jpeg = await petAvatar('#f7971e', '#ffd200');
    // The pad, each toe: white.
    for (const [x, y] of [
      [256, 330],
      [160, 200],
      [212, 138],
      [300, 138],
      [352, 200],
    ] as const) {
      expect(isWhite(await pixel(jpeg, x, y)), `paw at ${x},${y}`).toBe(true);
    }
    // Between the toes and around the pad: the gradient.
    for (const [x, y] of [
      [256, 120],
      [120, 330],
      [392, 330],
      [256, 470],
    ] as const) {
      expect(isWhite(await pixel(jpeg, x, y)), `background at ${x},${y}`).toBe(false);
    }
  });
});
