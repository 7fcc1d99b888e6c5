import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  PROFILE_IMAGE_MAX_BYTES,
  splitDataUrl,
  type ProfileImageType,
} from '../../shared/schemas/account';
import { config, required } from '../lib/config';
import { BadRequestError } from '../lib/errors';

/** Profile photos live under this prefix of the profile bucket; CloudFront serves it at `/images/profile/*`. */
export const PROFILE_IMAGE_PREFIX = 'images/profile/';

/** Local S3 emulators need path-style URLs and no streaming checksums (see stack notes). */
const isLocalS3 = (): boolean => Boolean(process.env.AWS_ENDPOINT_URL_S3);

function s3Client(): S3Client {
  return new S3Client({
    ...(isLocalS3() ? { forcePathStyle: true, maxAttempts: 1 } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
}
// Marked pure so that a function importing this module without its photo code bundles no S3 client.
const s3 = /* @__PURE__ */ s3Client();

const EXTENSIONS: Record<ProfileImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The image type the bytes are, by their magic numbers, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): ProfileImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (bytes.length >= 4 && starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return 'image/png';
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

export interface CheckedImage {
  bytes: Buffer;
  type: ProfileImageType;
}

/**
 * Decodes a data URL and accepts it only when its bytes are a JPEG, PNG or WebP image of
 * the declared type and at most the size cap: nothing but an image is ever stored.
 */
export function checkImage(dataUrl: string): CheckedImage {
  const parts = splitDataUrl(dataUrl);
  if (!parts) throw new BadRequestError(MESSAGES.imageType, { profile_image: MESSAGES.imageType });
  const bytes = Buffer.from(parts.base64, 'base64');
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES)
    throw new BadRequestError(MESSAGES.imageSize, { profile_image: MESSAGES.imageSize });
  const actual = sniffImageType(bytes);
  if (!actual || actual !== parts.type)
    throw new BadRequestError(MESSAGES.imageType, { profile_image: MESSAGES.imageType });
  return { bytes, type: actual };
}

/** Stores a checked photo under a new, unguessable file name; returns the file name. */
export async function putProfileImage(userId: string, image: CheckedImage): Promise<string> {
  const file = `${userId}-${randomUUID()}.${EXTENSIONS[image.type]}`;
  await s3.send(
    new PutObjectCommand({
      Bucket: required('PROFILE_BUCKET'),
      Key: `${PROFILE_IMAGE_PREFIX}${file}`,
      Body: image.bytes,
      ContentType: image.type,
      CacheControl: 'public, max-age=31536000, immutable',
      ContentDisposition: 'inline',
    }),
  );
  return file;
}

export async function deleteProfileImage(file: string): Promise<void> {
  await s3.send(
    new DeleteObjectCommand({
      Bucket: required('PROFILE_BUCKET'),
      Key: `${PROFILE_IMAGE_PREFIX}${file}`,
    }),
  );
}

/**
 * Where the browser loads a photo: through the site's CloudFront `/images/profile/*` in
 * AWS; from the local S3 with a presigned GET when S3 is an emulator (no CloudFront there).
 */
export async function profileImageUrl(file: string | null | undefined): Promise<string | null> {
  if (!file) return null;
  const key = `${PROFILE_IMAGE_PREFIX}${file}`;
  if (isLocalS3()) {
    return getSignedUrl(
      s3,
      new GetObjectCommand({ Bucket: required('PROFILE_BUCKET'), Key: key }),
      { expiresIn: 3600 },
    );
  }
  const site = config().SITE_URL;
  if (!site) throw new Error('Missing configuration: set the SITE_URL environment variable');
  return `${site.replace(/\/+$/, '')}/${key}`;
}

/** Every photo file the user ever stored (file names start with the user id). */
export async function listUserImages(userId: string): Promise<string[]> {
  const files: string[] = [];
  let token: string | undefined;
  do {
    const res = await s3.send(
      new ListObjectsV2Command({
        Bucket: required('PROFILE_BUCKET'),
        Prefix: `${PROFILE_IMAGE_PREFIX}${userId}-`,
        ...(token ? { ContinuationToken: token } : {}),
      }),
    );
    for (const o of res.Contents ?? [])
      if (o.Key) files.push(o.Key.slice(PROFILE_IMAGE_PREFIX.length));
    token = res.IsTruncated ? res.NextContinuationToken : undefined;
  } while (token);
  return files;
}
