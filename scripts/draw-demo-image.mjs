/**
 * Draws the demo collection's one picture, data/demo-media/harbour.png ("Harbour at Dusk",
 * self-made: a dusk sky, the sea, a low sun, a quay and three boats), as a PNG written by hand
 * (zlib from Node, no image library). Run once: node scripts/draw-demo-image.mjs
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const W = 480;
const H = 320;
const HORIZON = 190;
const pixels = Buffer.alloc(W * H * 3);
const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
const set = (x, y, rgb) => {
  if (x < 0 || y < 0 || x >= W || y >= H) return;
  pixels.set(rgb, (y * W + x) * 3);
};
for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    let rgb;
    if (y < HORIZON) rgb = mix([38, 44, 92], [236, 148, 84], y / HORIZON);
    else {
      const t = (y - HORIZON) / (H - HORIZON);
      rgb = mix([150, 96, 84], [20, 32, 58], t);
      // The sun's light on the water, broken by ripples.
      if (Math.abs(x - 330) < 30 * (1 - t) + 4 && (y + Math.floor(x / 7)) % 6 < 3) rgb = mix(rgb, [250, 200, 120], 0.7);
    }
    // The sun, low over the horizon.
    if ((x - 330) ** 2 + (y - 172) ** 2 < 22 ** 2 && y < HORIZON) rgb = [252, 214, 140];
    set(x, y, rgb);
  }
}
// The quay on the left, with its lamps.
for (let y = 168; y < 230; y++) for (let x = 0; x < 150 - (y - 168); x++) set(x, y, [44, 38, 40]);
for (const lx of [30, 70, 110]) {
  for (let y = 140; y < 168; y++) set(lx, y, [30, 26, 28]);
  for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) set(lx + dx, 138 + dy, [255, 226, 150]);
}
// Three boats, hulls and masts.
for (const [bx, by, size] of [
  [200, 225, 1],
  [270, 250, 1.4],
  [400, 215, 0.8],
]) {
  const half = Math.round(34 * size);
  const depth = Math.round(10 * size);
  for (let dy = 0; dy < depth; dy++)
    for (let dx = -half + dy; dx <= half - dy; dx++) set(bx + dx, by + dy, [26, 22, 24]);
  for (let dy = 1; dy < Math.round(50 * size); dy++) set(bx, by - dy, [26, 22, 24]);
}

function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
const header = Buffer.alloc(13);
header.writeUInt32BE(W, 0);
header.writeUInt32BE(H, 4);
header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, no interlace
const rows = Buffer.alloc((W * 3 + 1) * H);
for (let y = 0; y < H; y++) pixels.copy(rows, y * (W * 3 + 1) + 1, y * W * 3, (y + 1) * W * 3);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(rows, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../data/demo-media/harbour.png', import.meta.url), png);
console.log(`data/demo-media/harbour.png: ${W}×${H}, ${png.length} bytes`);
