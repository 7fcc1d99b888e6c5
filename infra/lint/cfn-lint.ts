/**
 * `npm run lint:cfn`: the CloudFormation linter (cfn-lint, AWS's own) on every template the
 * app synthesizes, nested stacks included, for three regions. Three syntheses are linted:
 *
 *   - `cdk.out`, as `npm run synth:infra` left it (cdk.json's context);
 *   - the production context of the README's "Deploy" section (the JSON block after
 *     `<!-- operator-context -->`): custom domains, the API's own domain, alarms, SES;
 *   - the other options: no AWS WAF stack, SES in another region, the stateful stack's first
 *     create (no deletion protection), reservations on, the demo data set.
 *
 * Any error fails, and any warning not listed with its reason in infra/lint/cfn-lint-ignores.json.
 * The last two syntheses skip bundling (the templates are the same; only asset hashes differ).
 * One cfn-lint process lints all three.
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app';
import { REPO_ROOT } from '../constructs/house-function';

export const LINT_REGIONS = ['us-east-1', 'eu-west-1', 'ap-southeast-2'] as const;
const IGNORES_FILE = path.join(REPO_ROOT, 'infra', 'lint', 'cfn-lint-ignores.json');
const OUT = path.join(REPO_ROOT, '.test-out', 'cfn-lint');

interface Match {
  Rule: { Id: string; ShortDescription?: string };
  Level: string;
  Message: string;
  Filename: string;
  Location: { Start: { LineNumber: number }; Path?: (string | number)[] };
}

/** The rules ignored, each with its reason; fails on an entry without one. */
export function readIgnores(file = IGNORES_FILE): Record<string, string> {
  const ignores = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  for (const [rule, reason] of Object.entries(ignores)) {
    if (!/^[EWI]\d{4}$/.test(rule)) throw new Error(`${file}: "${rule}" is not a cfn-lint rule id`);
    if (typeof reason !== 'string' || reason.trim().length < 20)
      throw new Error(`${file}: ${rule} needs its reason (a sentence or more)`);
    if (rule.startsWith('E'))
      throw new Error(`${file}: ${rule} is an error; errors are fixed, never ignored`);
  }
  return ignores as Record<string, string>;
}

/** The JSON context block of the README's deploy section. */
export function operatorContext(
  readme = path.join(REPO_ROOT, 'README.md'),
): Record<string, unknown> {
  const text = fs.readFileSync(readme, 'utf8');
  const m = /<!-- operator-context -->\s*```json\n([\s\S]*?)\n\s*```/.exec(text);
  if (!m) throw new Error('README.md has no ```json block after <!-- operator-context -->');
  return JSON.parse(m[1]!) as Record<string, unknown>;
}

/** The options the other two leave at their defaults, the other way. */
export const OTHER_OPTIONS_CONTEXT: Record<string, unknown> = {
  mailFrom: 'no-reply@mail.example.net',
  supportEmail: 'help@example.net',
  sesRegion: 'eu-central-1',
  edgeFirewall: false,
  deletionProtection: false,
  reservedConcurrency: true,
  marketDataProvider: 'demo',
};

function cdkContext(): Record<string, unknown> {
  return (
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
      context: Record<string, unknown>;
    }
  ).context;
}

/** Synthesizes the app with cdk.json's context and `extra` on top into `outdir` (no bundling). */
export function synthesize(extra: Record<string, unknown>, outdir: string): void {
  fs.rmSync(outdir, { recursive: true, force: true });
  buildApp({
    context: { ...cdkContext(), ...extra, 'aws:cdk:bundling-stacks': [] },
    outdir,
  }).app.synth();
}

/** The synthesized templates of `dir`. */
function templatesOf(dir: string): string[] {
  const templates = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.template.json'))
    .map((f) => path.join(dir, f));
  if (templates.length === 0) throw new Error(`${dir} holds no template: synthesize first`);
  return templates;
}

/** One cfn-lint process on `templates`: its findings. */
function lintProcess(templates: string[]): Promise<Match[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('cfn-lint', [
      '--format',
      'json',
      '--regions',
      ...LINT_REGIONS,
      '--',
      ...templates,
    ]);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) =>
      reject(new Error(`cfn-lint could not run (${error.message}): pip install cfn-lint`)),
    );
    child.on('close', () => {
      try {
        resolve(JSON.parse(stdout || '[]') as Match[]);
      } catch {
        reject(new Error(`cfn-lint failed: ${stderr || stdout}`));
      }
    });
  });
}

/**
 * cfn-lint's findings on every template of `dirs`. Its time goes by template (under a second
 * each), so the templates are shared out, largest first, between one process per core.
 */
export async function lint(...dirs: string[]): Promise<Match[]> {
  const templates = dirs
    .flatMap(templatesOf)
    .map((file) => ({ file, size: fs.statSync(file).size }))
    .sort((a, b) => b.size - a.size);
  const groups = Array.from({ length: Math.min(availableParallelism(), templates.length) }, () => ({
    files: [] as string[],
    size: 0,
  }));
  for (const t of templates) {
    const lightest = groups.reduce((a, b) => (b.size < a.size ? b : a));
    lightest.files.push(t.file);
    lightest.size += t.size;
  }
  return (await Promise.all(groups.map((g) => lintProcess(g.files)))).flat();
}

async function main(): Promise<number> {
  const ignores = readIgnores();
  const version = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`${version || 'cfn-lint'}; regions ${LINT_REGIONS.join(', ')}`);
  const syntheses: [string, string, Record<string, unknown> | undefined][] = [
    ['cdk.json context (cdk.out)', path.join(REPO_ROOT, 'cdk.out'), undefined],
    ["the README's production context", path.join(OUT, 'operator'), operatorContext()],
    ['the other options', path.join(OUT, 'other-options'), OTHER_OPTIONS_CONTEXT],
  ];
  for (const [, dir, context] of syntheses) if (context) synthesize(context, dir);
  const matches = await lint(...syntheses.map(([, dir]) => dir));
  let failures = 0;
  const ignoredSeen = new Map<string, number>();
  for (const [name, dir] of syntheses) {
    const inDir = (m: Match) => path.resolve(path.dirname(m.Filename)) === path.resolve(dir);
    const mine = matches.filter(inDir);
    const failing = mine.filter(
      (m) => m.Level === 'Error' || !(m.Rule.Id in ignores) || m.Rule.Id.startsWith('E'),
    );
    for (const m of mine)
      if (!failing.includes(m)) ignoredSeen.set(m.Rule.Id, (ignoredSeen.get(m.Rule.Id) ?? 0) + 1);
    console.log(
      `${name}: ${templatesOf(dir).length} templates, ${mine.length - failing.length} findings ignored, ${failing.length} failing`,
    );
    for (const m of failing)
      console.log(
        `  ${m.Rule.Id} ${m.Level}: ${m.Message}\n    ${path.relative(REPO_ROOT, m.Filename)}:${m.Location.Start.LineNumber}`,
      );
    failures += failing.length;
  }
  for (const [rule, reason] of Object.entries(ignores))
    console.log(`ignored ${rule} (${ignoredSeen.get(rule) ?? 0} times): ${reason}`);
  return failures === 0 ? 0 : 1;
}

const isMain =
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
