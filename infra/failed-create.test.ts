import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { RELEASE_RESOURCE_TYPE } from './constructs/failed-create-release';
import { REPO_ROOT } from './constructs/house-function';

/**
 * A failed first create leaves nothing behind, whichever command deployed it (decision 170).
 * Read from the synthesized templates, as CloudFormation orders them: every resource a rollback
 * could fail to delete (a deletion-protected table or user pool, a retained bucket that is
 * written to) has a release CloudFormation deletes just before it; nothing is created beside a
 * protected resource, so no failure can cancel its creation before its release exists; and what
 * writes to a log bucket is deleted before its release empties it.
 */
type Resource = {
  Type: string;
  Properties?: Record<string, unknown>;
  DependsOn?: string | string[];
  DeletionPolicy?: string;
};
type Resources = Record<string, Resource>;

const CDK_JSON = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};

let outdir: string;
let templates: { name: string; resources: Resources }[];

beforeAll(() => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-market-release-'));
  const built = buildApp({
    context: { ...CDK_JSON.context, 'aws:cdk:bundling-stacks': [] },
    outdir,
    builtinCloudFormationValidation: false,
  });
  templates = [built.stateful, built.stateless].map((stack: Stack) => ({
    name: stack.stackName,
    resources: (Template.fromStack(stack).toJSON() as { Resources: Resources }).Resources,
  }));
}, 180_000);

afterAll(() => {
  if (outdir) fs.rmSync(outdir, { recursive: true, force: true });
});

/** The logical ids a value refers to (Ref, Fn::GetAtt), anywhere inside it. */
function referencesIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) referencesIn(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'Ref' && typeof v === 'string') into.add(v);
      else if (key === 'Fn::GetAtt' && Array.isArray(v)) into.add(String(v[0]));
      else referencesIn(v, into);
    }
  }
  return into;
}

/** Each resource's direct dependencies: DependsOn and the resources its properties refer to. */
function dependencies(resources: Resources): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [id, r] of Object.entries(resources)) {
    const deps = referencesIn(r.Properties ?? {}, new Set());
    for (const d of [r.DependsOn ?? []].flat()) deps.add(d);
    out.set(id, new Set([...deps].filter((d) => d in resources)));
  }
  return out;
}

/** Everything `id` waits for, directly or not. */
function before(graph: Map<string, Set<string>>, id: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(graph.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(graph.get(next) ?? []));
  }
  return seen;
}

/** Everything that waits for `id`. */
const after = (graph: Map<string, Set<string>>, id: string): Set<string> =>
  new Set([...graph.keys()].filter((other) => before(graph, other).has(id)));

/** Resources a rollback cannot delete as they are: protected, or retained and written to. */
function blocking(resources: Resources): { id: string; kind: 'protected' | 'written' }[] {
  return Object.entries(resources).flatMap(
    ([id, r]): { id: string; kind: 'protected' | 'written' }[] => {
      const p = r.Properties ?? {};
      if (r.Type === 'AWS::DynamoDB::Table' && p.DeletionProtectionEnabled === true)
        return [{ id, kind: 'protected' }];
      if (r.Type === 'AWS::Cognito::UserPool' && p.DeletionProtection === 'ACTIVE')
        return [{ id, kind: 'protected' }];
      if (r.Type === 'AWS::S3::Bucket' && r.DeletionPolicy !== 'Delete')
        return [{ id, kind: 'written' }];
      return [];
    },
  );
}

/** The release of `id`: the release resource whose properties name it. */
function releaseOf(resources: Resources, id: string): string | undefined {
  return Object.entries(resources).find(
    ([, r]) =>
      r.Type === RELEASE_RESOURCE_TYPE && referencesIn(r.Properties?.Name, new Set()).has(id),
  )?.[0];
}

/** Written-to buckets kept with their data (users' photos), never written to in a failed create. */
const NOT_WRITTEN_IN_A_FIRST_CREATE = ['StorageProfileImages'];

describe('a failed first create leaves nothing behind', () => {
  it('finds the table, the user pool and both log buckets to release', () => {
    const found = templates.flatMap((t) => blocking(t.resources).map((b) => `${t.name} ${b.id}`));
    for (const want of [
      /MrMarketStateful DataTable/,
      /MrMarketStateful AuthUserPool/,
      /MrMarketStateful StorageAccessLogs/,
      /MrMarketStateless WebLogs/,
    ])
      expect(
        found.some((f) => want.test(f)),
        String(want),
      ).toBe(true);
  });

  it('gives every resource a rollback could not delete a release, deleted just before it', () => {
    const missing: string[] = [];
    for (const { name, resources } of templates) {
      const graph = dependencies(resources);
      for (const { id } of blocking(resources)) {
        if (NOT_WRITTEN_IN_A_FIRST_CREATE.some((p) => id.startsWith(p))) continue;
        const release = releaseOf(resources, id);
        if (!release) missing.push(`${name} ${id}: no release`);
        else if (!before(graph, release).has(id))
          missing.push(`${name} ${id}: released before it exists`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('creates nothing beside a protected resource, and everything that needs it after its release', () => {
    const problems: string[] = [];
    for (const { name, resources } of templates) {
      const graph = dependencies(resources);
      for (const { id, kind } of blocking(resources)) {
        if (kind !== 'protected') continue;
        const release = releaseOf(resources, id)!;
        const earlier = before(graph, id);
        const later = after(graph, id);
        const releaseNeeds = before(graph, release);
        for (const other of Object.keys(resources)) {
          if (other === id || resources[other]!.Type === 'AWS::CDK::Metadata') continue;
          if (!earlier.has(other) && !later.has(other))
            problems.push(`${name} ${other} is created beside ${id}`);
          if (
            later.has(other) &&
            other !== release &&
            !releaseNeeds.has(other) &&
            !before(graph, other).has(release)
          )
            problems.push(`${name} ${other} needs ${id} but may come before its release`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('deletes what writes to a log bucket before its release empties it', () => {
    const problems: string[] = [];
    for (const { name, resources } of templates) {
      const graph = dependencies(resources);
      for (const { id, kind } of blocking(resources)) {
        if (kind !== 'written' || NOT_WRITTEN_IN_A_FIRST_CREATE.some((p) => id.startsWith(p)))
          continue;
        const release = releaseOf(resources, id)!;
        const releaseNeeds = before(graph, release);
        for (const other of after(graph, id))
          if (other !== release && !releaseNeeds.has(other) && !before(graph, other).has(release))
            problems.push(`${name} ${other} writes to ${id} and may outlive its release`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('reads dependencies as CloudFormation does (the check sees what it should)', () => {
    const graph = dependencies({
      A: { Type: 'X' },
      B: { Type: 'X', Properties: { P: { 'Fn::GetAtt': ['A', 'Arn'] } } },
      C: { Type: 'X', DependsOn: ['B'] },
      D: { Type: 'X' },
    });
    expect([...before(graph, 'C')].sort()).toEqual(['A', 'B']);
    expect([...after(graph, 'A')].sort()).toEqual(['B', 'C']);
    expect(before(graph, 'D').size + after(graph, 'D').size).toBe(0);
  });
});
