import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface S3Handle {
  url: string;
  stop(): Promise<void>;
}

export interface S3Options {
  port: number;
  /** Objects are stored as files under this folder. */
  dir: string;
  buckets: string[];
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
interface S3rverAccounts {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
}

/** Browsers upload profile photos with presigned URLs: let the page's origin do so. */
const CORS_XML = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * s3rver on 127.0.0.1. It only accepts its own S3RVER key pair out of the box; the same
 * `local`/`local` key the other emulators take is registered too, so one set of
 * AWS credentials works for the whole local stack.
 */
export async function startS3({ port, dir, buckets }: S3Options): Promise<S3Handle> {
  mkdirSync(dir, { recursive: true });
  const S3rver = require('s3rver') as S3rverClass;
  const accounts = require('s3rver/lib/models/account.js') as S3rverAccounts;
  accounts.DUMMY_ACCOUNT.createKeyPair('local', 'local');
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory: dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [CORS_XML] })),
  });
  await server.run();
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/** Creates a bucket at an S3 endpoint the user chose (e.g. LocalStack) when it is missing. */
export async function ensureBucket(
  endpoint: string,
  bucket: string,
  region: string,
): Promise<void> {
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
}
