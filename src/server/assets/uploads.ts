import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import {
  AVATAR_IMAGE_PREFIX,
  MAX_UPLOAD_BYTES,
  TOURNAMENT_IMAGE_PREFIX,
  type UploadFolder,
  type UploadResponse,
} from '~/lib/schemas/admin';
import type { Db } from '../db';
import { AppError } from '../shared/errors';
import { recordAudit, type Actor } from '../shared/audit';

/** The formats an upload may be, by what sharp reads in its bytes (never by its name or type). */
const FORMATS = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const;
type Format = keyof typeof FORMATS;
const EXTENSIONS: Record<Format, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };

/** The longest side of a stored image; larger ones are scaled down. */
export const MAX_IMAGE_SIDE = { avatars: 512, tournament: 1600 } as const satisfies Record<UploadFolder, number>;
/** Images with more pixels than this are refused before decoding (a small file can unpack to gigabytes). */
const MAX_INPUT_PIXELS = 40_000_000;

const unsupported = () =>
  new AppError(415, 'Upload a PNG, JPEG, WebP or GIF image (SVG and other formats are not accepted).');
const unreadable = () =>
  new AppError(422, 'That image could not be read: it may be damaged or too large in pixels. Try another file.');

/** Whether the bytes begin as a PNG, JPEG, GIF or WebP file does (its signature). */
function looksLikeImage(bytes: Uint8Array): boolean {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  const ascii = (from: number, text: string) => [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0));
  return (
    starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    starts(0xff, 0xd8, 0xff) ||
    ascii(0, 'GIF87a') ||
    ascii(0, 'GIF89a') ||
    (ascii(0, 'RIFF') && ascii(8, 'WEBP'))
  );
}

/**
 * The stored file's name: `tournament_{digits}_{name}` (the spec's pattern, which the form strips
 * again on edit) or `avatar_{digits}_{name}`, from the uploaded name's letters, digits, `-` and `_`,
 * with the extension of the format actually stored.
 */
function storedName(folder: UploadFolder, original: string, format: Format, now: number): string {
  const base =
    original
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '')
      .slice(0, 60) || 'image';
  const digits = `${now}${randomBytes(2).readUInt16BE(0) % 1000}`;
  return `${folder === 'tournament' ? 'tournament' : 'avatar'}_${digits}_${base}.${EXTENSIONS[format]}`;
}

/**
 * Store an uploaded image under `$DATA_DIR/uploads/{folder}/`: it must be a PNG, JPEG, WebP or GIF
 * (read from its bytes: an SVG or anything else is a 415) of at most 2 MB (413). It is decoded and
 * encoded again by sharp, which drops its metadata (EXIF, GPS, comments: only the orientation is
 * applied first) and anything hidden after the image, and scales it to {@link MAX_IMAGE_SIDE}.
 */
export async function storeUpload(
  db: Db,
  dataDir: string,
  actor: Actor,
  folder: UploadFolder,
  bytes: Uint8Array,
  originalName: string,
  now = Date.now(),
): Promise<UploadResponse> {
  if (bytes.byteLength === 0) throw new AppError(400, 'The upload is empty: choose an image file.');
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError(413, 'Images can be at most 2 MB.');
  let format: Format;
  let animated: boolean;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !(meta.format in FORMATS)) throw unsupported();
    format = meta.format as Format;
    animated = (meta.pages ?? 1) > 1 && (format === 'gif' || format === 'webp');
  } catch (error) {
    if (error instanceof AppError) throw error;
    // One of the accepted formats by its signature that does not decode: damaged, or too many pixels.
    throw looksLikeImage(bytes) ? unreadable() : unsupported();
  }
  let output: { data: Buffer; info: OutputInfo };
  try {
    const side = MAX_IMAGE_SIDE[folder];
    let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    image =
      format === 'png'
        ? image.png()
        : format === 'jpeg'
          ? image.jpeg({ quality: 85, mozjpeg: true })
          : format === 'webp'
            ? image.webp({ quality: 85 })
            : image.gif();
    output = await image.toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }
  const filename = storedName(folder, originalName, format, now);
  const dir = join(dataDir, 'uploads', folder);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = join(dir, `.${filename}.${randomBytes(4).toString('hex')}.part`);
  await writeFile(temporary, output.data, { mode: 0o600 });
  await rename(temporary, join(dir, filename));
  const url = (folder === 'tournament' ? TOURNAMENT_IMAGE_PREFIX : AVATAR_IMAGE_PREFIX) + filename;
  const height = output.info.pageHeight ?? output.info.height;
  await recordAudit(
    db,
    actor,
    {
      action: 'upload.image',
      targetType: 'upload',
      targetId: filename,
      details: { folder, originalName: originalName.slice(0, 120), bytes: output.data.byteLength },
    },
    now,
  );
  return {
    filename,
    url,
    contentType: FORMATS[format],
    width: output.info.width,
    height,
    bytes: output.data.byteLength,
  };
}
