import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB, FilePurpose } from "~/db/schema";

/** S5: at most 5 MB per photo. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Longest side kept after re-encoding: enough for an ID check, small in the database. */
const MAX_SIDE = 2400;

export type ImageType = "image/jpeg" | "image/png" | "image/webp";

/** The type the bytes themselves say, never the file name or the declared type. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) {
    return "image/png";
  }
  if (
    b.length >= 12 &&
    b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && // RIFF
    b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50 // WEBP
  ) {
    return "image/webp";
  }
  return null;
}

export class ImageRejected extends Error {}

export type CleanImage = { bytes: Buffer; contentType: ImageType; width: number; height: number; sha256: string };

/**
 * Checks and re-encodes an uploaded photo: the bytes must be a JPEG, PNG or WebP
 * of at most 5 MB that really decodes; it is rotated upright, shrunk to at most
 * 2400 px a side and encoded again, which drops EXIF, GPS and any other metadata
 * (sharp keeps none unless asked) and anything appended after the image data.
 */
export async function cleanImage(input: Uint8Array, label: string): Promise<CleanImage> {
  if (input.byteLength === 0) throw new ImageRejected(`${label} is empty`);
  if (input.byteLength > MAX_IMAGE_BYTES) throw new ImageRejected(`${label} must be 5 MB or smaller`);
  const type = sniffImageType(input);
  if (!type) throw new ImageRejected(`${label} must be a JPEG, PNG or WebP image`);
  const { default: sharp } = await import("sharp");
  try {
    const pipeline = sharp(input, { limitInputPixels: 50_000_000, failOn: "error" })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
    const encoded =
      type === "image/png"
        ? pipeline.png({ compressionLevel: 9 })
        : type === "image/webp"
          ? pipeline.webp({ quality: 85 })
          : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: type,
      width: info.width,
      height: info.height,
      sha256: crypto.createHash("sha256").update(data).digest("hex"),
    };
  } catch (error) {
    if (exceedsPixelLimit(error)) throw new ImageRejected(`${label} must be at most 50 megapixels`);
    throw new ImageRejected(`${label} could not be read as an image`);
  }
}

/** Stores a cleaned image; returns its id. Inside the caller's transaction. */
export async function storeImage(trx: Kysely<DB>, image: CleanImage, purpose: FilePurpose, isPublic = false): Promise<string> {
  const id = crypto.randomUUID();
  await trx
    .insertInto("files")
    .values({
      id,
      purpose,
      content_type: image.contentType,
      size: image.bytes.byteLength,
      sha256: image.sha256,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      is_public: isPublic ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

/** sharp's refusal of an image larger than `limitInputPixels`: said as such, not as an unreadable file. */
export function exceedsPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}
