import { createRequire } from 'node:module';
import { brotliDecompressSync } from 'node:zlib';

/**
 * The parts of fontkit (pdfkit's font engine) used here. fontkit reads WOFF2 files, but pdfkit's
 * subsetter copies glyph bytes straight out of the font's `glyf` table, which WOFF2 stores
 * transformed, so composite glyphs (":", "…", "é"…) cannot be embedded from a WOFF2 font. The
 * tenants' fonts are therefore rewritten as plain TrueType once, when they are loaded.
 */
interface FontkitPoint {
  onCurve: boolean;
  endContour: boolean;
  x: number;
  y: number;
}
interface FontkitComponent {
  glyphID: number;
  dx: number;
  dy: number;
  scaleX: number;
  scaleY: number;
  scale01: number;
  scale10: number;
}
interface DecodedGlyph {
  numberOfContours: number;
  points?: FontkitPoint[];
  components?: FontkitComponent[];
}
interface FontkitWoff2Font {
  type: string;
  numGlyphs: number;
  directory: {
    tables: Record<
      string,
      { offset: number; length: number; transformLength?: number; transformed: boolean }
    >;
    totalCompressedSize: number;
  };
  stream: { buffer: Uint8Array; pos: number; readBuffer(length: number): Uint8Array };
  _dataPos: number;
  _decompressed: boolean;
  _transformGlyfTable(): void;
  _transformedGlyphs: DecodedGlyph[];
  getGlyph(id: number): FontkitGlyph;
}
interface FontkitGlyph {
  advanceWidth: number;
  path: { toSVG(): string };
  _getContours(): FontkitPoint[][];
  _decode(): { numberOfContours: number } | null;
}
/** A parsed font as pdfkit takes it in place of a file. */
export interface FontkitFont {
  postscriptName: string;
  numGlyphs: number;
  getVariation(settings: Record<string, number>): FontkitFont;
  variationAxes: Record<string, { min: number; default: number; max: number }>;
  glyphForCodePoint(codePoint: number): { id: number; advanceWidth: number; path: { toSVG(): string } };
  hasGlyphForCodePoint(codePoint: number): boolean;
  getGlyph(id: number): FontkitGlyph;
  layout: unknown;
}
interface Fontkit {
  create(buffer: Uint8Array): FontkitWoff2Font & FontkitFont;
}

// fontkit as pdfkit itself resolves it, so that both agree on one copy; loaded on first use, not
// at start-up.
let loaded: Fontkit | undefined;
export const fontkit: Fontkit = {
  create(buffer) {
    loaded ??= createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as Fontkit;
    return loaded.create(buffer);
  },
};

const onCurve = 0x01;
const xShort = 0x02;
const yShort = 0x04;
const xSameOrPositive = 0x10;
const ySameOrPositive = 0x20;
const argsAreWords = 0x0001;
const argsAreXyValues = 0x0002;
const weHaveAScale = 0x0008;
const moreComponents = 0x0020;
const weHaveAnXAndYScale = 0x0040;
const weHaveATwoByTwo = 0x0080;

/** Growable big-endian byte writer. */
class Writer {
  #bytes: number[] = [];
  u8(value: number) {
    this.#bytes.push(value & 0xff);
  }
  u16(value: number) {
    this.u8(value >>> 8);
    this.u8(value);
  }
  i16(value: number) {
    this.u16(value < 0 ? value + 0x10000 : value);
  }
  f2dot14(value: number) {
    this.i16(Math.round(value * 16384));
  }
  bytes(): Buffer {
    return Buffer.from(this.#bytes);
  }
}

function boundsOf(points: readonly FontkitPoint[]) {
  let [xMin, yMin, xMax, yMax] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const point of points) {
    xMin = Math.min(xMin, point.x);
    yMin = Math.min(yMin, point.y);
    xMax = Math.max(xMax, point.x);
    yMax = Math.max(yMax, point.y);
  }
  return points.length === 0
    ? [0, 0, 0, 0]
    : [Math.floor(xMin), Math.floor(yMin), Math.ceil(xMax), Math.ceil(yMax)];
}

function encodeSimple(glyph: DecodedGlyph): Buffer {
  const points = glyph.points ?? [];
  const out = new Writer();
  out.i16(glyph.numberOfContours);
  for (const bound of boundsOf(points)) out.i16(bound);
  points.forEach((point, index) => {
    if (point.endContour) out.u16(index);
  });
  out.u16(0); // no hinting instructions: a PDF is not rasterised at small pixel sizes
  const flags: number[] = [];
  const xs = new Writer();
  const ys = new Writer();
  let [lastX, lastY] = [0, 0];
  for (const point of points) {
    let flag = point.onCurve ? onCurve : 0;
    const dx = Math.round(point.x) - lastX;
    const dy = Math.round(point.y) - lastY;
    [lastX, lastY] = [lastX + dx, lastY + dy];
    if (dx === 0) flag |= xSameOrPositive;
    else if (Math.abs(dx) < 256) {
      flag |= xShort | (dx > 0 ? xSameOrPositive : 0);
      xs.u8(Math.abs(dx));
    } else xs.i16(dx);
    if (dy === 0) flag |= ySameOrPositive;
    else if (Math.abs(dy) < 256) {
      flag |= yShort | (dy > 0 ? ySameOrPositive : 0);
      ys.u8(Math.abs(dy));
    } else ys.i16(dy);
    flags.push(flag);
  }
  for (const flag of flags) out.u8(flag);
  return Buffer.concat([out.bytes(), xs.bytes(), ys.bytes()]);
}

function encodeComposite(glyph: DecodedGlyph, resolved: readonly FontkitPoint[]): Buffer {
  const out = new Writer();
  out.i16(-1);
  for (const bound of boundsOf(resolved)) out.i16(bound);
  const components = glyph.components ?? [];
  components.forEach((component, index) => {
    const twoByTwo = component.scale01 !== 0 || component.scale10 !== 0;
    const xyScale = !twoByTwo && component.scaleX !== component.scaleY;
    const scale = !twoByTwo && !xyScale && component.scaleX !== 1;
    out.u16(
      argsAreWords |
        argsAreXyValues |
        (index < components.length - 1 ? moreComponents : 0) |
        (twoByTwo ? weHaveATwoByTwo : xyScale ? weHaveAnXAndYScale : scale ? weHaveAScale : 0),
    );
    out.u16(component.glyphID);
    out.i16(Math.round(component.dx));
    out.i16(Math.round(component.dy));
    if (twoByTwo) {
      out.f2dot14(component.scaleX);
      out.f2dot14(component.scale01);
      out.f2dot14(component.scale10);
      out.f2dot14(component.scaleY);
    } else if (xyScale) {
      out.f2dot14(component.scaleX);
      out.f2dot14(component.scaleY);
    } else if (scale) out.f2dot14(component.scaleX);
  });
  return out.bytes();
}

const pad4 = (bytes: Buffer) =>
  bytes.length % 4 === 0 ? bytes : Buffer.concat([bytes, Buffer.alloc(4 - (bytes.length % 4))]);

function checksum(bytes: Buffer): number {
  const padded = pad4(bytes);
  let sum = 0;
  for (let offset = 0; offset < padded.length; offset += 4) sum = (sum + padded.readUInt32BE(offset)) >>> 0;
  return sum;
}

/** An sfnt file of `tables` (tag → bytes), with its directory and checksums. */
function sfnt(tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(count * 16 - searchRange, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tags.forEach((tag, index) => {
    const bytes = tables.get(tag) ?? Buffer.alloc(0);
    const entry = 12 + index * 16;
    header.write(tag.padEnd(4, ' '), entry, 'latin1');
    header.writeUInt32BE(checksum(bytes), entry + 4);
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(bytes.length, entry + 12);
    bodies.push(pad4(bytes));
    offset += pad4(bytes).length;
  });
  const file = Buffer.concat([header, ...bodies]);
  const head = tables.get('head');
  if (head) {
    const headOffset = file.indexOf(head, header.length);
    file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headOffset + 8);
  }
  return file;
}

/**
 * Decompresses a WOFF2 font's tables in place of fontkit's own `_decompress`, with Node's brotli
 * (zlib) rather than fontkit's JavaScript one: 3–5 ms where that took 90–210 ms for a fallback
 * font's Latin Extended slice (review 147), the bytes the same. Each table's offset in the
 * decompressed data is set as fontkit sets it.
 */
function decompress(font: FontkitWoff2Font): void {
  if (font._decompressed) return;
  font.stream.pos = font._dataPos;
  const compressed = font.stream.readBuffer(font.directory.totalCompressedSize);
  let size = 0;
  for (const entry of Object.values(font.directory.tables)) {
    entry.offset = size;
    size += entry.transformLength ?? entry.length;
  }
  const data = brotliDecompressSync(compressed);
  if (data.length !== size)
    throw new Error("The WOFF2 font's compressed data is not the size its tables say");
  // A stream of the kind fontkit reads (restructure's DecodeStream), over the decompressed bytes.
  const Stream = font.stream.constructor as new (buffer: Uint8Array) => FontkitWoff2Font['stream'];
  font.stream = new Stream(data);
  font._decompressed = true;
}

/** Every table of a WOFF2 font, with `glyf` and `loca` back in their TrueType form. */
function woff2Tables(woff2: Uint8Array): Map<string, Buffer> {
  const font = fontkit.create(woff2);
  if (font.type !== 'WOFF2') throw new Error(`Not a WOFF2 font (a ${font.type} font)`);
  decompress(font);
  const data = font.stream.buffer;
  const tables = new Map<string, Buffer>();
  for (const [tag, entry] of Object.entries(font.directory.tables)) {
    if (tag === 'glyf' || tag === 'loca') continue;
    if (entry.transformed)
      throw new Error(`The WOFF2 font's ${tag} table is transformed, which is not supported`);
    tables.set(tag, Buffer.from(data.subarray(entry.offset, entry.offset + entry.length)));
  }
  if (!tables.has('head') || !font.directory.tables.glyf)
    throw new Error('The WOFF2 font has no TrueType outlines');
  font._transformGlyfTable();
  setGlyphs(
    tables,
    font._transformedGlyphs.map((glyph, id) => {
      if (glyph.numberOfContours > 0) return encodeSimple(glyph);
      if (glyph.numberOfContours < 0) return encodeComposite(glyph, font.getGlyph(id)._getContours().flat());
      return Buffer.alloc(0);
    }),
  );
  return tables;
}

/** Puts `glyphs` into `glyf` with a long-offset `loca`; `head` is readied for the file checksum. */
function setGlyphs(tables: Map<string, Buffer>, glyphs: Buffer[]): void {
  const padded = glyphs.map(pad4);
  const loca = Buffer.alloc((padded.length + 1) * 4);
  let offset = 0;
  padded.forEach((glyph, id) => {
    loca.writeUInt32BE(offset, id * 4);
    offset += glyph.length;
  });
  loca.writeUInt32BE(offset, padded.length * 4);
  const head = Buffer.from(tables.get('head') ?? Buffer.alloc(54));
  head.writeUInt32BE(0, 8); // checkSumAdjustment, set over the whole file by `sfnt`
  head.writeInt16BE(1, 50); // indexToLocFormat: long offsets
  tables.set('head', head);
  tables.set('glyf', Buffer.concat(padded));
  tables.set('loca', loca);
}

/** A WOFF2 font as a TrueType file: every table as it was, composite glyphs kept, hinting dropped. */
export function woff2ToTtf(woff2: Uint8Array): Buffer {
  return sfnt(woff2Tables(woff2));
}

// Variation data, which a fixed instance no longer needs, and the OpenType layout tables, whose
// substitutions and positioning the PDF writer does not use (docs/documents.md, Fonts).
const droppedTables = ['fvar', 'gvar', 'avar', 'cvar', 'HVAR', 'MVAR', 'STAT', 'GSUB', 'GPOS', 'GDEF'];

/**
 * The tenant's WOFF2 font as a static TrueType font for PDFs: a variable font is fixed at
 * `weight` (clamped to its axis), and every glyph becomes a plain outline (composites resolved),
 * so that pdfkit can embed a subset of any glyph the text uses.
 */
export function pdfFontFromWoff2(woff2: Uint8Array, weight = 400): Buffer {
  const tables = woff2Tables(woff2);
  const font = fontkit.create(sfnt(tables));
  const axis = font.variationAxes.wght;
  const instance = axis ? font.getVariation({ wght: Math.min(axis.max, Math.max(axis.min, weight)) }) : font;
  const glyphs: Buffer[] = [];
  const metrics = new Writer();
  let [maxPoints, maxContours, maxAdvance] = [0, 0, 0];
  for (let id = 0; id < font.numGlyphs; id++) {
    const glyph = instance.getGlyph(id);
    const contours = glyph._getContours().filter((contour) => contour.length > 0);
    const points = contours.flatMap((contour) =>
      contour.map((point, index) => ({ ...point, endContour: index === contour.length - 1 })),
    );
    const advance = Math.max(0, Math.round(glyph.advanceWidth));
    maxPoints = Math.max(maxPoints, points.length);
    maxContours = Math.max(maxContours, contours.length);
    maxAdvance = Math.max(maxAdvance, advance);
    glyphs.push(
      contours.length > 0 ? encodeSimple({ numberOfContours: contours.length, points }) : Buffer.alloc(0),
    );
    metrics.u16(advance);
    metrics.i16(contours.length > 0 ? (boundsOf(points)[0] ?? 0) : 0);
  }
  for (const tag of droppedTables) tables.delete(tag);
  setGlyphs(tables, glyphs);
  tables.set('hmtx', metrics.bytes());
  const hhea = Buffer.from(tables.get('hhea') ?? Buffer.alloc(36));
  hhea.writeUInt16BE(maxAdvance, 10);
  hhea.writeUInt16BE(font.numGlyphs, 34); // numberOfHMetrics: one per glyph
  tables.set('hhea', hhea);
  const maxp = tables.get('maxp');
  if (maxp && maxp.length >= 32) {
    const updated = Buffer.from(maxp);
    updated.writeUInt16BE(maxPoints, 6);
    updated.writeUInt16BE(maxContours, 8);
    updated.fill(0, 10, 14); // no composite glyphs left
    updated.fill(0, 28, 32);
    tables.set('maxp', updated);
  }
  const os2 = tables.get('OS/2');
  if (axis && os2 && os2.length >= 6) {
    const updated = Buffer.from(os2);
    updated.writeUInt16BE(Math.min(axis.max, Math.max(axis.min, weight)), 4); // usWeightClass
    tables.set('OS/2', updated);
  }
  return sfnt(tables);
}
