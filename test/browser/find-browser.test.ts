import { describe, it, expect } from 'vitest';
import { chromium } from 'playwright';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findBrowser, MISSING_BROWSER_MESSAGE, BROWSER_FLAGS } from './find-browser.mjs';

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>probe</title></head>
<body style="font-family: Roboto, Helvetica, Arial, sans-serif; margin: 16px">
<h1 id="label" style="display: inline-block; font-size: 40px; color: #000">Tariff € 0,29 ÄÖÜ</h1>
<p id="out">waiting</p>
<button id="go" onclick="document.getElementById('out').textContent = 'clicked'">Go</button>
</body></html>`;

function withoutChromiumPath(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.CHROMIUM_PATH;
  return env;
}

describe('findBrowser', () => {
  it('honours CHROMIUM_PATH when that file exists', async () => {
    const found = await findBrowser({ ...process.env, CHROMIUM_PATH: process.execPath });
    expect(found).not.toBeNull();
    expect(found?.executablePath).toBe(process.execPath);
    expect(found?.source).toBe('CHROMIUM_PATH');
    expect(found?.args).toEqual([...BROWSER_FLAGS]);
  });

  it('ignores CHROMIUM_PATH when that file does not exist', async () => {
    const missing = '/nonexistent/tariff-desk/chromium';
    const found = await findBrowser({ ...process.env, CHROMIUM_PATH: missing });
    const fallback = await findBrowser(withoutChromiumPath());
    expect(found?.executablePath).not.toBe(missing);
    expect(found?.source ?? null).not.toBe('CHROMIUM_PATH');
    expect(found?.source ?? null).toBe(fallback?.source ?? null);
    expect(found?.executablePath ?? null).toBe(fallback?.executablePath ?? null);
  });

  it(
    'launches what it finds under Playwright and renders a loopback page with visible text',
    { timeout: 90_000 },
    async () => {
      const found = await findBrowser();
      expect(found, MISSING_BROWSER_MESSAGE).not.toBeNull();
      if (!found) return;

      const server = createServer((_req, res) => {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(PAGE);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const browser = await chromium.launch({
        executablePath: found.executablePath,
        args: found.args,
        env: found.env,
        headless: true,
      });
      try {
        const page = await browser.newPage();
        await page.goto(`http://127.0.0.1:${port}/`);
        await page.click('#go');
        await expect.poll(() => page.textContent('#out')).toBe('clicked');

        // A browser without any usable font lays the heading out with no width at all.
        const width = await page.$eval('#label', (el) => el.getBoundingClientRect().width);
        expect(width, 'heading has no width: the browser found no font').toBeGreaterThan(100);
        const png = await page.locator('#label').screenshot({ timeout: 10_000 });
        expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
        // Without a usable font the heading is drawn as nothing: count dark pixels in the screenshot.
        const dark = await page.evaluate(async (b64: string) => {
          const img = new Image();
          img.src = `data:image/png;base64,${b64}`;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.width;
          canvas.height = img.height;
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(img, 0, 0);
          const { data } = ctx.getImageData(0, 0, img.width, img.height);
          let n = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 200) n++;
          return n;
        }, png.toString('base64'));
        expect(dark).toBeGreaterThan(500);
      } finally {
        await browser.close();
        server.close();
      }
    },
  );

  it('has a one-line message that names every way to get a browser', () => {
    expect(MISSING_BROWSER_MESSAGE).not.toMatch(/[\r\n]/);
    expect(MISSING_BROWSER_MESSAGE.length).toBeGreaterThan(20);
    expect(MISSING_BROWSER_MESSAGE).toContain('CHROMIUM_PATH');
    expect(MISSING_BROWSER_MESSAGE).toContain('chromium');
    expect(MISSING_BROWSER_MESSAGE).toContain('@sparticuz/chromium');
  });
});
