import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const [file, out, ...ranges] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
const data = readFileSync(file).toString('base64');
await page.setContent(`<body style="margin:0"><img style="display:block" src="data:image/png;base64,${data}"></body>`);
await page.waitForTimeout(200);
const h = await page.evaluate(() => document.querySelector('img').naturalHeight);
console.log('height', h);
let i = 0;
for (const r of ranges) {
  const [y, hh] = r.split(':').map(Number);
  await page.screenshot({ path: `/tmp/ui9shots/${out}${i++}.png`, clip: { x: 0, y, width: 1200, height: Math.min(hh, h - y) }, fullPage: true });
}
await browser.close();
