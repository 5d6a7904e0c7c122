import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { exceedsPixelLimit, MAX_IMAGE_BYTES, sniffImageType } from "./images.server";

/**
 * Programme thumbnails (D10, S5): public images kept in the database, so every
 * app instance serves the same files and a backup holds them. An upload must be
 * a PNG, JPEG, GIF or WebP by its content (never its name or declared type), at
 * most 5 MB, and really decode; it is shrunk to at most 1600 px a side and
 * encoded again in its own format (metadata dropped). Served at
 * /uploads/<id>.<ext>, optionally resized (?w=), cacheable for a year: a file
 * never changes under its name. Choices: docs/decisions/0023-programme-management.md.
 */
export const THUMBNAIL_TOO_LARGE = "Thumbnail must be 5 MB or smaller";
export const THUMBNAIL_WRONG_TYPE = "Thumbnail must be a PNG, JPG, GIF or WebP image";
export const THUMBNAIL_UNREADABLE = "Thumbnail could not be read as an image";
export const THUMBNAIL_EMPTY = "Thumbnail is empty";
export const THUMBNAIL_TOO_MANY_PIXELS = "Thumbnail must be at most 50 megapixels";

export type ThumbnailType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

const EXTENSIONS: Record<ThumbnailType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/gif": "gif" };
const MAX_SIDE = 1600;
/** The widths a page may ask for (?w=): a fixed set, so nobody can make the server render every size. */
export const THUMBNAIL_WIDTHS = [320, 640, 960, 1280] as const;

export function sniffThumbnailType(bytes: Uint8Array): ThumbnailType | null {
  const b = bytes;
  // GIF87a / GIF89a
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) {
    return "image/gif";
  }
  return sniffImageType(bytes);
}

export class ThumbnailRejected extends Error {}

export type CleanThumbnail = { bytes: Buffer; contentType: ThumbnailType; width: number; height: number; sha256: string };

type Sharp = (typeof import("sharp"))["default"];

async function encode(sharp: Sharp, input: Uint8Array, type: ThumbnailType, width: number): Promise<{ data: Buffer; info: { width: number; height: number } }> {
  const animated = type === "image/gif" || type === "image/webp";
  const pipeline = sharp(input, { limitInputPixels: 50_000_000, failOn: "error", animated })
    .rotate()
    // Inside a square of `width` a side; for an animated image sharp bounds each frame (decision 0106).
    .resize({ width, height: width, fit: "inside", withoutEnlargement: true });
  const out =
    type === "image/png"
      ? pipeline.png({ compressionLevel: 9 })
      : type === "image/webp"
        ? pipeline.webp({ quality: 82 })
        : type === "image/gif"
          ? pipeline.gif()
          : pipeline.jpeg({ quality: 82, mozjpeg: true });
  const { data, info } = await out.toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.pageHeight ?? info.height } };
}

/** Checks and re-encodes an uploaded thumbnail; throws `ThumbnailRejected` with the field message. */
export async function cleanThumbnail(input: Uint8Array): Promise<CleanThumbnail> {
  if (input.byteLength === 0) throw new ThumbnailRejected(THUMBNAIL_EMPTY);
  if (input.byteLength > MAX_IMAGE_BYTES) throw new ThumbnailRejected(THUMBNAIL_TOO_LARGE);
  const type = sniffThumbnailType(input);
  if (!type) throw new ThumbnailRejected(THUMBNAIL_WRONG_TYPE);
  const { default: sharp } = await import("sharp");
  try {
    const { data, info } = await encode(sharp, input, type, MAX_SIDE);
    return { bytes: data, contentType: type, width: info.width, height: info.height, sha256: crypto.createHash("sha256").update(data).digest("hex") };
  } catch (error) {
    throw new ThumbnailRejected(exceedsPixelLimit(error) ? THUMBNAIL_TOO_MANY_PIXELS : THUMBNAIL_UNREADABLE);
  }
}

/** Stores a cleaned thumbnail (public) inside the caller's transaction; returns its file name, '<id>.<ext>'. */
export async function storeThumbnail(trx: Kysely<DB>, image: CleanThumbnail, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  await trx
    .insertInto("files")
    .values({
      id,
      purpose: "thumbnail",
      content_type: image.contentType,
      size: image.bytes.byteLength,
      sha256: image.sha256,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      is_public: 1,
      created_at: now.toISOString(),
    })
    .execute();
  return `${id}.${EXTENSIONS[image.contentType]}`;
}

const NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp|gif)$/;

/** The file id of a stored thumbnail's name, or null for any other name (an old upload, a URL). */
export function thumbnailFileId(name: string | null | undefined): string | null {
  const m = name ? NAME.exec(name) : null;
  return m ? m[1]! : null;
}

/** Deletes a stored thumbnail no programme uses any more, with its resized copies (inside the caller's transaction). */
export async function deleteThumbnailIfUnused(trx: Kysely<DB>, name: string | null | undefined): Promise<void> {
  const id = thumbnailFileId(name);
  if (!id) return;
  const still = await trx.selectFrom("programmes").select("id").where("thumbnail", "=", name!).executeTakeFirst();
  if (still) return;
  await trx.deleteFrom("thumbnail_variants").where("file_id", "=", id).execute();
  await trx.deleteFrom("files").where("id", "=", id).where("purpose", "=", "thumbnail").execute();
}

export type ServedThumbnail = { bytes: Uint8Array; contentType: string; etag: string };

const asBytes = (b: unknown) => (b instanceof Uint8Array ? b : new Uint8Array(b as ArrayBuffer));

/** Resizes under way in this process, by file and width: visitors arriving together wait for one decode. */
const resizing = new Map<string, Promise<Uint8Array>>();

/** Makes a file's copy at one width and keeps it (decision 0106); another instance may have kept it first. */
async function makeVariant(db: Kysely<DB>, fileId: string, original: Uint8Array, type: ThumbnailType, width: number): Promise<Uint8Array> {
  const { default: sharp } = await import("sharp");
  const { data } = await encode(sharp, original, type, width);
  try {
    await db
      .insertInto("thumbnail_variants")
      .values({ file_id: fileId, width, content_type: type, bytes: data, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(["file_id", "width"]).doNothing())
      .execute();
  } catch {
    // The file was deleted meanwhile (its programme changed thumbnail): the copy is served once and not kept.
  }
  return data;
}

/**
 * A public thumbnail by its file name, at its stored size or resized to one of
 * THUMBNAIL_WIDTHS; null when no public thumbnail has that name. A resized copy
 * is made once and kept in the database (decision 0106): decoding an image on
 * every request let anyone keep the server busy with a few large ones.
 */
export async function readThumbnail(db: Kysely<DB>, name: string, width: number | null): Promise<ServedThumbnail | null> {
  const m = NAME.exec(name);
  if (!m) return null;
  const id = m[1]!;
  if (width !== null) {
    const kept = await db
      .selectFrom("thumbnail_variants as v")
      .innerJoin("files as f", "f.id", "v.file_id")
      .select(["v.bytes", "v.content_type", "f.sha256"])
      .where("v.file_id", "=", id)
      .where("v.width", "=", width)
      .where("f.purpose", "=", "thumbnail")
      .where("f.is_public", "=", 1)
      .executeTakeFirst();
    if (kept) return { bytes: asBytes(kept.bytes), contentType: kept.content_type, etag: `"${kept.sha256.slice(0, 32)}-w${width}"` };
  }
  const row = await db
    .selectFrom("files")
    .select(["bytes", "content_type", "sha256", "width"])
    .where("id", "=", id)
    .where("purpose", "=", "thumbnail")
    .where("is_public", "=", 1)
    .executeTakeFirst();
  if (!row) return null;
  const bytes = asBytes(row.bytes);
  if (width === null || (row.width !== null && row.width <= width)) {
    return { bytes, contentType: row.content_type, etag: `"${row.sha256.slice(0, 32)}"` };
  }
  const key = `${id}:${width}`;
  let made = resizing.get(key);
  if (!made) {
    made = makeVariant(db, id, bytes, row.content_type as ThumbnailType, width).finally(() => resizing.delete(key));
    resizing.set(key, made);
  }
  return { bytes: await made, contentType: row.content_type, etag: `"${row.sha256.slice(0, 32)}-w${width}"` };
}
