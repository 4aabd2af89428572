import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES, ImageRejected, processImage } from "./image-pipeline.server";

/** A picture made here: a coloured block with a different corner, so orientation shows. */
function picture(width: number, height: number) {
  const corner = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="40" height="40" fill="#00ff00"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: "#c04020" } }).composite([
    { input: corner, top: 0, left: 0 },
  ]);
}

/** A PNG whose header claims `width` × `height` pixels, in a few hundred bytes (a decompression bomb). */
function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), body])));
    return Buffer.concat([head, Buffer.from(type, "latin1"), body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(width + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function rejection(bytes: Uint8Array): Promise<string> {
  try {
    await processImage(bytes);
  } catch (error) {
    if (error instanceof ImageRejected) return error.message;
    throw error;
  }
  throw new Error("accepted");
}

/** Whether an EXIF block holds a GPS directory (tag 0x8825, either byte order). */
function hasGpsPointer(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

describe("processImage", () => {
  it.each([
    ["JPEG", () => picture(2000, 1500).jpeg().toBuffer()],
    ["PNG", () => picture(2000, 1500).png().toBuffer()],
    ["WebP", () => picture(2000, 1500).webp().toBuffer()],
  ])("makes AVIF, WebP and JPEG copies of a %s in every width up to 1600, never larger", async (_name, make) => {
    const result = await processImage(await make());
    expect(result).toMatchObject({ width: 1600, height: 1200 });
    const widths = [...new Set(result.variants.map((v) => v.width))];
    expect(widths).toEqual([320, 640, 960, 1280, 1600]);
    for (const variant of result.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe(variant.format === "avif" ? "heif" : variant.format);
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(variant.height).toBe(Math.round((variant.width * 3) / 4));
    }
    expect(result.variants.map((v) => v.format).slice(0, 3)).toEqual(["avif", "webp", "jpeg"]);
  });

  it("never enlarges a small picture", async () => {
    const result = await processImage(await picture(500, 250).jpeg().toBuffer());
    expect([...new Set(result.variants.map((v) => v.width))]).toEqual([320, 500]);
    expect(result).toMatchObject({ width: 500, height: 250 });
  });

  it("turns the photo upright by its EXIF orientation and strips every metadata, GPS included", async () => {
    const original = await picture(400, 200)
      .jpeg()
      .withExif({
        IFD0: { Make: "Fotocam", Model: "X1", Copyright: "Dueña" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 25/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "3/1 42/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsPointer(before.exif!)).toBe(true);

    const result = await processImage(original);
    // Orientation 6 is a quarter turn: the stored picture is 200 wide and 400 high.
    expect(result).toMatchObject({ width: 200, height: 400 });
    for (const variant of result.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.exif, variant.format).toBeUndefined();
      expect(meta.xmp, variant.format).toBeUndefined();
      expect(meta.iptc, variant.format).toBeUndefined();
      expect(meta.orientation ?? 1, variant.format).toBe(1);
      expect(variant.bytes.includes(Buffer.from("Fotocam"))).toBe(false);
    }
    // The green corner was top-left on the sensor; a quarter turn clockwise puts it top-right.
    const jpeg = result.variants.find((v) => v.format === "jpeg")!;
    const { data, info } = await sharp(jpeg.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(at(info.width - 5, 5)[1]).toBeGreaterThan(200);
    expect(at(5, 5)[1]).toBeLessThan(100);
  });

  it("keeps a logo's transparency in AVIF and WebP and puts it on white in the JPEG", async () => {
    const logo = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const result = await processImage(logo);
    const webp = result.variants.find((v) => v.format === "webp")!;
    expect((await sharp(webp.bytes).metadata()).hasAlpha).toBe(true);
    const jpeg = result.variants.find((v) => v.format === "jpeg")!;
    const { data } = await sharp(jpeg.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(250);
  });

  it("refuses what is not a JPEG, PNG or WebP, whatever its name says", async () => {
    const text = new TextEncoder().encode("esto no es una foto");
    expect(await rejection(text)).toBe(IMAGE_MESSAGES.notImage);
    expect(await rejection(await picture(100, 100).gif().toBuffer())).toBe(IMAGE_MESSAGES.notImage);
    expect(await rejection(await picture(100, 100).tiff().toBuffer())).toBe(IMAGE_MESSAGES.notImage);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>');
    expect(await rejection(svg)).toBe(IMAGE_MESSAGES.notImage);
  });

  it("refuses a JPEG cut short", async () => {
    const whole = await picture(800, 600).jpeg().toBuffer();
    expect(await rejection(whole.subarray(0, Math.floor(whole.length / 2)))).toBe(IMAGE_MESSAGES.notImage);
  });

  it("refuses a decompression bomb before decoding it", async () => {
    const bomb = bombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await rejection(bomb)).toBe(IMAGE_MESSAGES.tooManyPixels);
  });

  it("refuses a file over 15 MB and a picture too small to use", async () => {
    expect(await rejection(new Uint8Array(15_000_001))).toBe(IMAGE_MESSAGES.tooLarge);
    expect(await rejection(await picture(20, 20).png().toBuffer())).toBe(IMAGE_MESSAGES.tooSmall);
  });
});
