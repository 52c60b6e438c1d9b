// Draws the installable app's icons (public/icons/) from the favicon's house: `node apps/web/scripts/make-icons.mjs`
// from the repository root, after a change of the logo or the theme colour (sharp comes with the server's dependencies).
// The PNGs are committed; the build does not run this.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const iconsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const themeColor = '#1d4f91';
const house = 'M8 25V13l8-6 8 6v12h-5v-7h-6v7z';
// 'any': the favicon as it is; 'maskable': full bleed, the house inside the central safe zone that every mask keeps.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${themeColor}"/><path d="${house}" fill="#fff"/></svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${themeColor}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)"><path d="${house}" fill="#fff"/></g></svg>`;

const icons = [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9, palette: true }).toFile(path.join(iconsDir, name));
}
