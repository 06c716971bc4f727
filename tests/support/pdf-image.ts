import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * Reads a PDF the way a person would: each page is rasterised with poppler's pdftoppm and the picture read
 * back with tesseract. A document that only carries the right strings in its content stream can still print
 * them off the page, under a table or in white; this catches that. Both tools come from Debian
 * (poppler-utils, tesseract-ocr); .ci/run installs them.
 */

const execFileAsync = promisify(execFile);
const DEBIAN_PACKAGE: Record<string, string> = { pdftoppm: "poppler-utils", tesseract: "tesseract-ocr" };

/** Runs a tool; a missing one fails with the package that brings it rather than a bare ENOENT. */
async function run(tool: string, args: string[], options: Parameters<typeof execFileAsync>[2] = {}) {
  try {
    return await execFileAsync(tool, args, { ...options, encoding: "utf8" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(`${tool} is not installed: apt-get install ${DEBIAN_PACKAGE[tool] ?? tool} (.ci/run does so)`);
    }
    throw error;
  }
}

export interface RenderedPage {
  /** 1-based. */
  page: number;
  /** The PNG's size in pixels. */
  width: number;
  height: number;
  /** What tesseract read, or null for a page left out of `ocrPages`. */
  text: string | null;
}

export interface RenderedPdf {
  pageCount: number;
  pages: RenderedPage[];
}

export interface RenderOptions {
  /** Resolution of the page images; 200 dpi reads 9 pt text reliably and keeps OCR to about a second a page. */
  dpi?: number;
  /** Pages to OCR (1-based); all of them when left out. Rendering every page is cheap, reading is not. */
  ocrPages?: number[];
  /**
   * Tesseract's page segmentation mode: 3 (the default) finds blocks and columns by itself; 4 reads the page as
   * one column of lines, which keeps a form's labels with their values when they stand far apart.
   */
  pageSegmentation?: 3 | 4;
}

function pngSize(png: Buffer): { width: number; height: number } {
  // The IHDR chunk always comes first: width and height are big-endian at bytes 16 and 20.
  if (png.length < 24 || png.toString("latin1", 12, 16) !== "IHDR") throw new Error("not a PNG image");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function ocr(file: string, pageSegmentation: number): Promise<string> {
  // One thread per tesseract: the pages are read side by side already, and OpenMP threads would fight them.
  const { stdout } = await run("tesseract", [file, "stdout", "-l", "eng", "--psm", String(pageSegmentation)], {
    env: { ...process.env, OMP_THREAD_LIMIT: "1" },
    maxBuffer: 16 * 1024 * 1024,
    timeout: 60_000,
  });
  return stdout;
}

/** Renders PDF bytes to PNG pages in a temporary directory (removed afterwards) and OCRs them. */
export async function renderPdf(bytes: Uint8Array, options: RenderOptions = {}): Promise<RenderedPdf> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "lading-pdf-"));
  try {
    const input = path.join(dir, "document.pdf");
    await writeFile(input, bytes);
    await run("pdftoppm", ["-r", String(options.dpi ?? 200), "-png", input, path.join(dir, "page")], { timeout: 60_000 });
    // pdftoppm pads the page number to the width of the page count (page-1.png or page-01.png).
    const files = (await readdir(dir))
      .filter((name) => /^page-\d+\.png$/.test(name))
      .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
    const wanted = new Set(options.ocrPages ?? files.map((_, i) => i + 1));
    const workers = Math.max(1, Math.min(os.availableParallelism?.() ?? os.cpus().length, 4));
    const pages: RenderedPage[] = [];
    for (const [i, name] of files.entries()) {
      const size = pngSize(await readFile(path.join(dir, name)));
      pages.push({ page: i + 1, ...size, text: null });
    }
    const queue = pages.filter((p) => wanted.has(p.page));
    await Promise.all(Array.from({ length: workers }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) next.text = await ocr(path.join(dir, files[next.page - 1]), options.pageSegmentation ?? 3);
    }));
    return { pageCount: files.length, pages };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * OCR text made comparable: lower case, one space for any run of white space, and the typographic quotes and
 * dashes tesseract likes to invent turned back into plain ones.
 */
export function normaliseOcr(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2012-\u2015]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}


/**
 * What a page says along its rising diagonal, where the watermark runs. Tesseract reads level lines only, so
 * the page is rendered in grey, the pixels of its commonest solid shade other than white (the watermark, the
 * largest area of one shade on the page) are kept, turned level, cleared of the specks that other print leaves
 * in that shade, and read.
 */
export async function watermarkText(bytes: Uint8Array, page: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "lading-watermark-"));
  try {
    await writeFile(path.join(dir, "doc.pdf"), bytes);
    const base = path.join(dir, "page");
    await run("pdftoppm", ["-r", "50", "-gray", "-singlefile", "-f", String(page), "-l", String(page), path.join(dir, "doc.pdf"), base]);
    const pgm = await readFile(`${base}.pgm`);
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString("latin1", 0, 40));
    if (!header) throw new Error("pdftoppm wrote no 8-bit grey image");
    const [w, h] = [Number(header[1]), Number(header[2])];
    const pixels = pgm.subarray(header[0].length);

    // Only pixels inside an area of one shade count: a table's rules and the edges of print are one or two
    // pixels wide in a shade of their own, and on a page full of table rows they outnumber the watermark.
    const counts = new Array<number>(256).fill(0);
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const p = pixels[y * w + x];
        let solid = true;
        for (let dy = -1; dy <= 1 && solid; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            if (pixels[(y + dy) * w + x + dx] !== p) {
              solid = false;
              break;
            }
          }
        }
        if (solid) counts[p]++;
      }
    }
    let shade = 0;
    for (let p = 1; p < 248; p++) if (counts[p] > counts[shade]) shade = p;

    const angle = Math.atan2(h, w);
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const W = Math.ceil(Math.hypot(w, h));
    const H = Math.ceil(h * 0.6);
    let ink = new Uint8Array(W * H);
    for (let v = 0; v < H; v++) {
      for (let u = 0; u < W; u++) {
        const x = Math.round(w / 2 + (u - W / 2) * cos + (v - H / 2) * sin);
        const y = Math.round(h / 2 - (u - W / 2) * sin + (v - H / 2) * cos);
        if (x >= 0 && y >= 0 && x < w && y < h && Math.abs(pixels[y * w + x] - shade) <= 3) ink[v * W + u] = 1;
      }
    }
    // Closing fills the gaps other print cuts through the letters; opening drops anything thinner than a stroke.
    const grow = (src: Uint8Array, all: boolean) => {
      const out = new Uint8Array(W * H);
      for (let v = 0; v < H; v++) {
        for (let u = 0; u < W; u++) {
          let hits = 0;
          for (let dv = -2; dv <= 2; dv++) {
            for (let du = -2; du <= 2; du++) {
              const [uu, vv] = [u + du, v + dv];
              if (uu >= 0 && vv >= 0 && uu < W && vv < H && src[vv * W + uu]) hits++;
            }
          }
          out[v * W + u] = (all ? hits === 25 : hits > 0) ? 1 : 0;
        }
      }
      return out;
    };
    ink = grow(grow(grow(grow(ink, false), true), true), false);

    const image = Buffer.alloc(W * H);
    for (let i = 0; i < ink.length; i++) image[i] = ink[i] ? 0 : 255;
    await writeFile(path.join(dir, "level.pgm"), Buffer.concat([Buffer.from(`P5\n${W} ${H}\n255\n`, "latin1"), image]));
    const { stdout } = await run("tesseract", [path.join(dir, "level.pgm"), "stdout", "-l", "eng", "--psm", "7"], {
      env: { ...process.env, OMP_THREAD_LIMIT: "1" },
    });
    return normaliseOcr(stdout).replace(/ /g, "");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A rectangle of a page in millimetres, measured from the page's top-left corner. */
export interface PageRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What one region of a page says: only that rectangle is rendered (pdftoppm's crop) and read, so a test can
 * tell that a text is printed in its box of a drawing (a van number in its slot), not merely somewhere.
 */
export async function readRegion(bytes: Uint8Array, page: number, region: PageRegion, options: { dpi?: number; pageSegmentation?: 3 | 4 | 6 } = {}): Promise<string> {
  const dpi = options.dpi ?? 300;
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  const dir = await mkdtemp(path.join(os.tmpdir(), "lading-region-"));
  try {
    await writeFile(path.join(dir, "doc.pdf"), bytes);
    const base = path.join(dir, "region");
    await run("pdftoppm", [
      "-r", String(dpi), "-f", String(page), "-l", String(page), "-singlefile", "-png",
      "-x", String(px(region.x)), "-y", String(px(region.y)), "-W", String(px(region.width)), "-H", String(px(region.height)),
      path.join(dir, "doc.pdf"), base,
    ], { timeout: 60_000 });
    return await ocr(`${base}.png`, options.pageSegmentation ?? 6);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
