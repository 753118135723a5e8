import fs from "node:fs";
import { chromium } from "playwright-core";

const svg = fs.readFileSync("public/logo.svg", "utf8");
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
async function render(file, size, maskable = false) {
  await page.setViewportSize({ width: size, height: size });
  const inner = maskable
    ? `<div style="width:${size}px;height:${size}px;background:#4f6a48;display:flex;align-items:center;justify-content:center">${svg.replace("<svg ", `<svg width="${size * 0.8}" height="${size * 0.8}" `)}</div>`
    : svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${inner}</body></html>`);
  await page.screenshot({
    path: file,
    omitBackground: true,
    clip: { x: 0, y: 0, width: size, height: size },
  });
}
await render("public/logo.png", 144);
await render("public/icons/icon-192.png", 192);
await render("public/icons/icon-512.png", 512);
await render("public/icons/icon-maskable-512.png", 512, true);
await browser.close();
