import type { Page } from 'playwright';

/** A PNG's pixels, decoded by the browser (the tests need no image library): RGBA rows, top first. */
export interface Pixels {
  width: number;
  height: number;
  rgba: Uint8Array;
  /** `r,g,b` of one pixel. */
  at(x: number, y: number): string;
}

/** Decodes `png` in a blank page of `page`'s browser and hands its pixels back to the test. */
export async function pixelsOf(page: Page, png: Buffer): Promise<Pixels> {
  const blank = await page.context().newPage();
  try {
    const { width, height, data } = await blank.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const px = g.getImageData(0, 0, c.width, c.height).data;
      // Base64 crosses the bridge far faster than an array of numbers.
      let bin = '';
      for (let i = 0; i < px.length; i += 0x8000) bin += String.fromCharCode(...px.subarray(i, i + 0x8000));
      return { width: c.width, height: c.height, data: btoa(bin) };
    }, png.toString('base64'));
    const rgba = new Uint8Array(Buffer.from(data, 'base64'));
    return {
      width,
      height,
      rgba,
      at: (x, y) => [...rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 3)].join(','),
    };
  } finally {
    await blank.close();
  }
}
