import { deflateSync } from "node:zlib";
import { pdfmake } from "../../lib/pdfmake";

// ---- PNG ----

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgb = readonly [number, number, number];

/** A PNG (8-bit RGB) of width × height whose pixels come from `paint(x, y)`. */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const PALETTE: readonly (readonly [Rgb, Rgb])[] = [
  [
    [253, 226, 228],
    [240, 138, 155],
  ],
  [
    [226, 240, 251],
    [91, 155, 213],
  ],
  [
    [228, 246, 236],
    [76, 175, 132],
  ],
  [
    [255, 244, 214],
    [242, 177, 52],
  ],
  [
    [238, 230, 250],
    [142, 108, 203],
  ],
  [
    [223, 245, 245],
    [43, 166, 166],
  ],
];

/** A soft picture: a backdrop, a sun-like circle and rolling hills, varied by `seed`. */
export function picturePng(seed: number, width = 480, height = 320): Buffer {
  const [bg, fg] = PALETTE[Math.abs(seed) % PALETTE.length] ?? (PALETTE[0] as readonly [Rgb, Rgb]);
  const cx = width * (0.25 + ((seed * 37) % 50) / 100);
  const cy = height * 0.35;
  const r = height * 0.18;
  const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
    Math.round(a[0] + (b[0] - a[0]) * t),
    Math.round(a[1] + (b[1] - a[1]) * t),
    Math.round(a[2] + (b[2] - a[2]) * t),
  ];
  return encodePng(width, height, (x, y) => {
    const hill = height * (0.7 + 0.08 * Math.sin((x / width) * Math.PI * (2 + (seed % 3)) + seed));
    if (y > hill) return mix(fg, [40, 40, 60], 0.25 + ((y - hill) / height) * 0.5);
    if ((x - cx) ** 2 + (y - cy) ** 2 < r * r) return mix(fg, [255, 255, 255], 0.15);
    return mix(bg, [255, 255, 255], y / height / 2);
  });
}

// ---- WAV ----

const RATE = 8000;

/** A mono 16-bit WAV of the given notes (frequency in Hz, length in seconds), with soft edges. */
export function encodeWav(notes: readonly { hz: number; seconds: number }[]): Buffer {
  const samples = notes.reduce((n, note) => n + Math.round(note.seconds * RATE), 0);
  const out = Buffer.alloc(44 + samples * 2);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write("WAVE", 8, "ascii");
  out.write("fmt ", 12, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(RATE, 24);
  out.writeUInt32LE(RATE * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "ascii");
  out.writeUInt32LE(samples * 2, 40);
  let o = 44;
  for (const note of notes) {
    const n = Math.round(note.seconds * RATE);
    for (let i = 0; i < n; i++) {
      const edge = Math.min(1, i / 200, (n - i) / 200);
      const v = note.hz > 0 ? Math.sin((2 * Math.PI * note.hz * i) / RATE) * 0.3 * edge : 0;
      out.writeInt16LE(Math.round(v * 32767), o);
      o += 2;
    }
  }
  return out;
}

const SCALE = [262, 294, 330, 349, 392, 440, 494, 523];
/** A short tune (about three seconds) varied by `seed`. */
export function melodyWav(seed: number): Buffer {
  const notes = Array.from({ length: 8 }, (_, i) => ({
    hz: SCALE[(seed * 3 + i * (seed % 4) + i) % SCALE.length] ?? 440,
    seconds: 0.375,
  }));
  return encodeWav(notes);
}

// ---- PDF ----

export interface PdfSection {
  heading: string;
  paragraphs?: readonly string[];
  table?: { head: readonly string[]; rows: readonly (readonly string[])[] };
}

/** A plain document: a title, a subtitle and sections of paragraphs or tables. */
export function documentPdf(
  title: string,
  subtitle: string,
  sections: readonly PdfSection[],
): Promise<Buffer> {
  const content: object[] = [
    { text: title, fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
    { text: subtitle, fontSize: 10, color: "#555555", margin: [0, 0, 0, 14] },
  ];
  for (const s of sections) {
    content.push({ text: s.heading, fontSize: 12, bold: true, margin: [0, 8, 0, 4] });
    for (const p of s.paragraphs ?? []) content.push({ text: p, fontSize: 10, margin: [0, 0, 0, 4] });
    if (s.table)
      content.push({
        table: {
          headerRows: 1,
          widths: s.table.head.map(() => "*"),
          body: [
            s.table.head.map((h) => ({ text: h, bold: true, fontSize: 9, fillColor: "#eeeeee" })),
            ...s.table.rows.map((r) => r.map((c) => ({ text: c, fontSize: 9 }))),
          ],
        },
        margin: [0, 2, 0, 6],
      });
  }
  return pdfmake()
    .createPdf({
      info: { title, creator: "Partner Portal", producer: "Partner Portal", creationDate: new Date(0) },
      content,
      defaultStyle: { font: "Roboto" },
    })
    .getBuffer();
}
