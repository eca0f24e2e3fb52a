#!/usr/bin/env node
/**
 * Renders the app's home-screen icons (the web app manifest's PNGs,
 * docs/decisions/0037-installable-app-and-dark-mode.md)
 * from shell/src/pwa/icon.svg ("any": the favicon's rounded mark) and icon-maskable.svg (full bleed, the mark inside
 * the 80% safe zone) at 192 and 512 px, with the Chromium the browser journeys use (puppeteer-core). The PNGs are
 * checked in (shell/src/pwa/icons/); run this again after changing either SVG:
 *   CHROME_PATH=/usr/bin/chromium node tools/icons/render-app-icons.cjs
 */
const fs = require('node:fs');
const path = require('node:path');
const puppeteer = require('puppeteer-core');

const DIR = path.join(__dirname, '../../shell/src/pwa');
const SIZES = [192, 512];
const SOURCES = { any: 'icon.svg', maskable: 'icon-maskable.svg' };

async function main() {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    for (const [purpose, file] of Object.entries(SOURCES)) {
      const svg = fs.readFileSync(path.join(DIR, file), 'utf8');
      for (const size of SIZES) {
        await page.setViewport({ width: size, height: size, deviceScaleFactor: 1 });
        const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
        const img = `<img src="${src}" width="${size}" height="${size}" style="display:block">`;
        await page.setContent(`<html><body style="margin:0;background:transparent">${img}</body></html>`);
        await page.waitForFunction(() => document.images[0] && document.images[0].complete);
        const out = path.join(DIR, 'icons', `kabu-${purpose === 'any' ? '' : 'maskable-'}${size}.png`);
        await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
        console.log(`${path.relative(process.cwd(), out)} ${fs.statSync(out).size} bytes`);
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
