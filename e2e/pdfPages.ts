import { inflateSync } from 'node:zlib';

/** A printed page: its size in whole millimetres, its text runs in drawing order run together, its images. */
export interface PdfPage { widthMm: number; heightMm: number; text: string; images: number }

/**
 * The pages of a PDF that Chromium printed (`page.pdf`), in page order. Chromium's PDFs (Skia) draw text as 2-byte
 * glyph codes of embedded fonts, each font with a ToUnicode map, in Flate streams; this reads that much of PDF and no
 * more (no object streams, no other encodings): enough to tell what is printed on which page, and on what paper.
 */
export function pdfPages(pdf: Buffer): PdfPage[] {
  const objects = new Map<number, { dict: string; stream: string }>();
  for (const m of pdf.toString('latin1').matchAll(/(\d+) 0 obj\s*(<<[\s\S]*?>>)\s*(?:stream\r?\n([\s\S]*?)\r?\nendstream\s*)?endobj/dg)) {
    // A stream is its /Length bytes: one that ends in a CR byte would lose it to the `\r?` before endstream.
    const length = Number(/\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(m[2]!)?.[1] ?? NaN);
    const start = m.indices![3]?.[0];
    const data = start === undefined ? Buffer.alloc(0) : Number.isFinite(length) ? pdf.subarray(start, start + length) : Buffer.from(m[3]!, 'latin1');
    objects.set(Number(m[1]), { dict: m[2]!, stream: (/\/FlateDecode/.test(m[2]!) ? inflateSync(data) : data).toString('latin1') });
  }
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict)?.[1]);
  const hex = (h: string) => parseInt(h, 16);
  const unicodeMaps = new Map<number, Map<number, string>>();
  const unicodeOf = (fontId: number) => {
    if (!unicodeMaps.has(fontId)) {
      const cmap = objects.get(ref(objects.get(fontId)!.dict, 'ToUnicode'))?.stream ?? '';
      const map = new Map<number, string>();
      for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
        for (const [, code, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(hex(code!), String.fromCharCode(hex(text!)));
      }
      for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
        for (const [, lo, hi, first] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
          for (let c = hex(lo!); c <= hex(hi!); c++) map.set(c, String.fromCharCode(hex(first!) + c - hex(lo!)));
        }
      }
      unicodeMaps.set(fontId, map);
    }
    return unicodeMaps.get(fontId)!;
  };
  const pages: number[] = [];
  const walk = (id: number) => {
    const { dict } = objects.get(id)!;
    if (/\/Type\s*\/Pages\b/.test(dict)) for (const [, kid] of /\/Kids\s*\[([^\]]*)\]/.exec(dict)![1]!.matchAll(/(\d+) 0 R/g)) walk(Number(kid));
    else pages.push(id);
  };
  const catalog = [...objects.values()].find((o) => /\/Type\s*\/Catalog\b/.test(o.dict))!;
  walk(ref(catalog.dict, 'Pages'));
  return pages.map((id) => {
    const { dict } = objects.get(id)!;
    const fonts = new Map([.../\/Font\s*<<([^>]*)>>/.exec(dict)?.[1]?.matchAll(/\/(\w+)\s+(\d+) 0 R/g) ?? []].map(([, name, font]) => [name!, Number(font)]));
    const contents = /\/Contents\s*\[([^\]]*)\]/.exec(dict)?.[1]?.match(/\d+(?= 0 R)/g)?.map(Number) ?? [ref(dict, 'Contents')];
    let text = '';
    let font = new Map<number, string>();
    for (const content of contents) {
      for (const [, name, glyphs] of objects.get(content)!.stream.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>/g)) {
        if (name) font = unicodeOf(fonts.get(name)!);
        else text += glyphs!.match(/.{4}/g)?.map((code) => font.get(hex(code)) ?? '').join('') ?? '';
      }
    }
    const [width, height] = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(dict)!.slice(1).map((pt) => Math.round((Number(pt) * 25.4) / 72));
    const images = /\/XObject\s*<<([^>]*)>>/.exec(dict)?.[1]?.match(/\d+ 0 R/g)?.length ?? 0;
    return { widthMm: width!, heightMm: height!, text, images };
  });
}

/** A text as `pdfPages` reads it back: fonts draw a no-break space (the console's thousands) with the space's glyph. */
export const asPrinted = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
